import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { exportsTable as e } from '../../schema/exports.tables.ts';

export type { ExportFilter, PdcaFilter } from '../../schema/exports.tables.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
export type ExportRow = typeof e.$inferSelect;
export type ExportInsert = Omit<typeof e.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

const inScope = (scope: Scope) =>
  and(eq(e.platformId, scope.platformId), eq(e.workspaceId, scope.workspaceId));

export async function insertExport(db: DbOrTx, scope: Scope, row: ExportInsert) {
  const [created] = await db
    .insert(e)
    .values({ ...row, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!created) throw new Error('export not inserted');
  return created;
}

/** An export of the workspace that belongs to this user, or undefined. */
export async function findOwnExport(db: DbOrTx, scope: Scope, userId: number, id: string) {
  const [row] = await db
    .select()
    .from(e)
    .where(and(inScope(scope), eq(e.userId, userId), eq(e.id, id)));
  return row;
}

export async function findExport(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(e)
    .where(and(inScope(scope), eq(e.id, id)));
  return row;
}

export async function updateExport(db: DbOrTx, scope: Scope, id: string, patch: Partial<ExportInsert>) {
  await db
    .update(e)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(e.id, id)));
}

/** Expired exports that still keep a file, across tenants (the clean-up job's sweep). */
export function listExpiredFiles(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: e.id, fileKey: sql<string>`${e.fileKey}` })
    .from(e)
    .where(and(lt(e.expiresAt, now), isNotNull(e.fileKey)))
    .limit(limit);
}

export async function forgetFiles(db: DbOrTx, ids: string[]) {
  if (ids.length > 0)
    await db.update(e).set({ fileKey: null, updatedAt: sql`now()` }).where(inArray(e.id, ids));
}

/** Deletes the exports that expired before `before`, across tenants. */
export async function deleteExpiredBefore(db: DbOrTx, before: Date) {
  await db.delete(e).where(lt(e.expiresAt, before));
}
