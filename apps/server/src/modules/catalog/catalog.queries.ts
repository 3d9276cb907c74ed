import { and, asc, count, eq } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { salesStages } from '../../schema/catalog.tables.ts';

export type SalesStageInsert = Pick<
  typeof salesStages.$inferInsert,
  'name' | 'color' | 'type' | 'displayOrder'
>;

export function insertSalesStages(db: DbOrTx, scope: Scope, stages: SalesStageInsert[]) {
  return db
    .insert(salesStages)
    .values(stages.map((s) => ({ ...s, platformId: scope.platformId, workspaceId: scope.workspaceId })))
    .returning();
}

const stageById = (scope: Scope, id: number) =>
  and(
    eq(salesStages.platformId, scope.platformId),
    eq(salesStages.workspaceId, scope.workspaceId),
    eq(salesStages.id, id),
  );

/** Every stage of the workspace in board order, held until the transaction ends: one pipeline change at a time. */
export function lockSalesStages(db: DbOrTx, scope: Scope) {
  return db
    .select()
    .from(salesStages)
    .where(and(eq(salesStages.platformId, scope.platformId), eq(salesStages.workspaceId, scope.workspaceId)))
    .orderBy(asc(salesStages.displayOrder), asc(salesStages.id))
    .for('update');
}

export async function updateSalesStage(
  db: DbOrTx,
  scope: Scope,
  id: number,
  columns: Partial<SalesStageInsert>,
) {
  const [row] = await db
    .update(salesStages)
    .set({ ...columns, updatedAt: new Date() })
    .where(stageById(scope, id))
    .returning();
  return row;
}

export async function deleteSalesStage(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db.delete(salesStages).where(stageById(scope, id)).returning();
  return row;
}

export async function listSalesStages(db: DbOrTx, scope: Scope, page: { limit: number; offset: number }) {
  const where = and(
    eq(salesStages.platformId, scope.platformId),
    eq(salesStages.workspaceId, scope.workspaceId),
  );
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(salesStages)
        .where(where)
        .orderBy(asc(salesStages.displayOrder), asc(salesStages.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(salesStages).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}
