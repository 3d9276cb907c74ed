import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { recordHistory } from '../history/history.service.ts';
import * as q from './opportunities.queries.ts';

// What the catalog asks of the cards before it deletes a list item or a stage. Kept apart from the service,
// which itself reads the catalog, so that neither module loads the other while it is being loaded.

export type { CardReference } from './opportunities.queries.ts';

/** How many cards of the workspace name this item (or sit in this stage). */
export const cardsUsing = (db: DbOrTx, scope: Scope, reference: q.CardReference, id: number) =>
  q.countCardsUsing(db, scope, reference, id);

type StageRef = { id: number; name: string };

/**
 * Moves every card of a stage to another one of the workspace, each with its stage-change entry in the card's
 * history; answers how many moved.
 */
export async function moveCardsToStage(db: DbOrTx, ctx: WorkspaceContext, from: StageRef, to: StageRef) {
  const moved = await q.moveStageCards(db, ctx, from.id, to.id);
  const data = { from_name: from.name, to_name: to.name };
  const entries = moved.map((card) => ({
    type: 'OpportunitySalesStageUpdated' as const,
    opportunityId: card.id,
    contactId: card.contactId,
    userId: ctx.userId,
    data,
  }));
  if (entries.length > 0) await recordHistory(db, ctx, ...entries);
  return moved.length;
}
