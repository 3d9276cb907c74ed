import type { WorkspaceSettings } from '@vendaval/core/schemas/workspaces';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { workspaces } from '../../schema/workspaces.tables.ts';

export type WorkspaceRow = typeof workspaces.$inferSelect;

export function workspacesByIds(db: DbOrTx, platformId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.platformId, platformId), inArray(workspaces.id, ids)))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
}

export async function findWorkspace(db: DbOrTx, platformId: number, workspaceId: number) {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.platformId, platformId), eq(workspaces.id, workspaceId)))
    .limit(1);
  return row;
}

export async function insertWorkspace(db: DbOrTx, values: typeof workspaces.$inferInsert) {
  const [row] = await db.insert(workspaces).values(values).returning();
  if (!row) throw new Error('workspace insert returned nothing');
  return row;
}

export async function updateWorkspace(
  db: DbOrTx,
  ctx: Pick<WorkspaceContext, 'platformId' | 'workspaceId'>,
  patch: { name?: string; settings?: WorkspaceSettings },
) {
  const [row] = await db
    .update(workspaces)
    .set(patch)
    .where(and(eq(workspaces.platformId, ctx.platformId), eq(workspaces.id, ctx.workspaceId)))
    .returning();
  return row;
}
