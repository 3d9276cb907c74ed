import { and, asc, count, eq } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { salesStages } from './catalog.tables.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
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
