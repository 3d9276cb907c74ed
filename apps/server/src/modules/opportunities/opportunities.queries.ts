import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { opportunities } from './opportunities.tables.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
export type OpportunityInsert = Omit<typeof opportunities.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

export async function insertOpportunities(db: DbOrTx, scope: Scope, rows: OpportunityInsert[]) {
  await db
    .insert(opportunities)
    .values(rows.map((r) => ({ ...r, platformId: scope.platformId, workspaceId: scope.workspaceId })));
}
