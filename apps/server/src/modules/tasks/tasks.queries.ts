import { and, count, eq } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
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
