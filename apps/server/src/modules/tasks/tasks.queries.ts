import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { interactionTypes, taskTypes } from '../catalog/catalog.tables.ts';
import { tasks } from './tasks.tables.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
export type TaskInsert = Omit<typeof tasks.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

export function insertTasks(db: DbOrTx, scope: Scope, rows: TaskInsert[]) {
  return db
    .insert(tasks)
    .values(rows.map((r) => ({ ...r, platformId: scope.platformId, workspaceId: scope.workspaceId })))
    .returning();
}

export async function countTasks(db: DbOrTx, scope: Scope, opportunityId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(tasks)
    .where(
      and(
        eq(tasks.platformId, scope.platformId),
        eq(tasks.workspaceId, scope.workspaceId),
        eq(tasks.opportunityId, opportunityId),
      ),
    );
  return row?.total ?? 0;
}

/**
 * The tasks of cards transferred to another workspace go with them. Their action and interaction type are
 * lists of the old workspace: each is swapped for the target's item of the same name, or cleared.
 */
export async function moveTasks(db: DbOrTx, from: Scope, to: Scope, opportunityIds: number[]) {
  if (opportunityIds.length === 0) return;
  const sameName = (table: typeof taskTypes | typeof interactionTypes, column: AnyPgColumn) => sql`(
    select target.id from ${table} target join ${table} source on lower(source.name) = lower(target.name)
    where source.id = ${column} and target.platform_id = ${to.platformId} and target.workspace_id = ${to.workspaceId}
    limit 1)`;
  await db
    .update(tasks)
    .set({
      workspaceId: to.workspaceId,
      taskTypeId: sameName(taskTypes, tasks.taskTypeId),
      interactionTypeId: sameName(interactionTypes, tasks.interactionTypeId),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(tasks.platformId, from.platformId),
        eq(tasks.workspaceId, from.workspaceId),
        inArray(tasks.opportunityId, opportunityIds),
      ),
    );
}
