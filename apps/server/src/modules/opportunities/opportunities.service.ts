import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import * as q from './opportunities.queries.ts';

export const createOpportunities = (
  db: DbOrTx,
  scope: Pick<WorkspaceContext, 'platformId' | 'workspaceId'>,
  rows: q.OpportunityInsert[],
) => q.insertOpportunities(db, scope, rows);
