import { and, eq } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { opportunities } from './opportunities.tables.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
export type OpportunityInsert = Omit<typeof opportunities.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

export function insertOpportunities(db: DbOrTx, scope: Scope, rows: OpportunityInsert[]) {
  return db
    .insert(opportunities)
    .values(rows.map((r) => ({ ...r, platformId: scope.platformId, workspaceId: scope.workspaceId })))
    .returning({ id: opportunities.id, contactId: opportunities.contactId, userId: opportunities.userId });
}

/** The few columns other features need to check a card they point at. */
export async function findOpportunityRef(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: opportunities.id,
      name: opportunities.name,
      userId: opportunities.userId,
      contactId: opportunities.contactId,
      stateType: opportunities.stateType,
      salesStageId: opportunities.salesStageId,
    })
    .from(opportunities)
    .where(
      and(
        eq(opportunities.platformId, scope.platformId),
        eq(opportunities.workspaceId, scope.workspaceId),
        eq(opportunities.id, id),
      ),
    )
    .limit(1);
  return row;
}
