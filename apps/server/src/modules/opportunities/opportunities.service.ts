import { MESSAGES } from '@vendaval/core/messages';
import { seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { notFound } from '../../infra/errors.ts';
import * as q from './opportunities.queries.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;

/** Bulk insert without rules or history (demo seed, imports). */
export const createOpportunities = (db: DbOrTx, scope: Scope, rows: q.OpportunityInsert[]) =>
  q.insertOpportunities(db, scope, rows);

export type OpportunityRef = NonNullable<Awaited<ReturnType<typeof q.findOpportunityRef>>>;

/**
 * A card the caller may act on: of this workspace and, for a salesRep, their own. Anything else answers 404,
 * so ids of other tenants and other reps' cards leak nothing.
 */
export async function getOpportunityRef(
  db: DbOrTx,
  ctx: WorkspaceContext,
  id: number,
): Promise<OpportunityRef> {
  const ref = await q.findOpportunityRef(db, ctx, id);
  if (!ref || (seesOnlyOwnOpportunities(ctx.role) && ref.userId !== ctx.userId))
    throw notFound(MESSAGES.notFound);
  return ref;
}
