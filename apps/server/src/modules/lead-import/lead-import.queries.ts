import type { LeadImportError } from '@vendaval/core/schemas/lead-import';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { leadImportRows, leadImports } from '../../schema/lead-import.tables.ts';

export type LeadImportRow = typeof leadImports.$inferSelect;
export type LeadImportInsert = Omit<typeof leadImports.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;
export type PendingRowInsert = Omit<
  typeof leadImportRows.$inferInsert,
  'id' | 'platformId' | 'workspaceId' | 'importId'
>;
export type PendingRow = typeof leadImportRows.$inferSelect;

/** Rows per insert statement: PostgreSQL takes at most 65,535 parameters in one. */
const INSERT_CHUNK = 1000;

const importInScope = (scope: Scope, id: number) =>
  and(
    eq(leadImports.platformId, scope.platformId),
    eq(leadImports.workspaceId, scope.workspaceId),
    eq(leadImports.id, id),
  );

const rowsOf = (scope: Scope, importId: number) =>
  and(
    eq(leadImportRows.platformId, scope.platformId),
    eq(leadImportRows.workspaceId, scope.workspaceId),
    eq(leadImportRows.importId, importId),
  );

export async function insertImport(db: DbOrTx, scope: Scope, values: LeadImportInsert) {
  const [row] = await db
    .insert(leadImports)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('lead import insert returned nothing');
  return row;
}

export async function insertPendingRows(
  db: DbOrTx,
  scope: Scope,
  importId: number,
  rows: PendingRowInsert[],
) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(leadImportRows).values(
      rows.slice(start, start + INSERT_CHUNK).map((r) => ({
        ...r,
        platformId: scope.platformId,
        workspaceId: scope.workspaceId,
        importId,
      })),
    );
  }
}

/** One import of the workspace; with `lock`, held until the transaction ends (one batch at a time). */
export async function findImport(db: DbOrTx, scope: Scope, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(leadImports).where(importInScope(scope, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export function nextPendingRows(db: DbOrTx, scope: Scope, importId: number, limit: number) {
  return db
    .select()
    .from(leadImportRows)
    .where(rowsOf(scope, importId))
    .orderBy(asc(leadImportRows.rowNumber))
    .limit(limit);
}

export async function deletePendingRows(db: DbOrTx, scope: Scope, importId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(leadImportRows).where(and(rowsOf(scope, importId), inArray(leadImportRows.id, ids)));
}

export interface Progress {
  processed: number;
  created: number;
  merged: number;
  failed: number;
  errors: LeadImportError[];
}

export async function addProgress(db: DbOrTx, scope: Scope, id: number, progress: Progress) {
  await db
    .update(leadImports)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${leadImports.startedAt}, now())`,
      processedRows: sql`${leadImports.processedRows} + ${progress.processed}`,
      created: sql`${leadImports.created} + ${progress.created}`,
      merged: sql`${leadImports.merged} + ${progress.merged}`,
      failed: sql`${leadImports.failed} + ${progress.failed}`,
      errors: sql`${leadImports.errors} || ${JSON.stringify(progress.errors)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(importInScope(scope, id));
}

export async function finishImport(db: DbOrTx, scope: Scope, id: number, status: 'done' | 'failed') {
  await db
    .update(leadImports)
    .set({ status, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(importInScope(scope, id));
  await db.delete(leadImportRows).where(rowsOf(scope, id));
}
