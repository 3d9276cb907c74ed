import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import * as q from './opportunities.queries.ts';

// What the catalog asks of the cards before it deletes a list item or a stage. Kept apart from the service,
// which itself reads the catalog, so that neither module loads the other while it is being loaded.

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;

export type { CardReference } from './opportunities.queries.ts';

/** How many cards of the workspace name this item (or sit in this stage). */
export const cardsUsing = (db: DbOrTx, scope: Scope, reference: q.CardReference, id: number) =>
  q.countCardsUsing(db, scope, reference, id);

/** Moves every card of a stage to another one of the workspace; answers how many moved. */
export const moveCardsToStage = (db: DbOrTx, scope: Scope, fromStageId: number, toStageId: number) =>
  q.moveStageCards(db, scope, fromStageId, toStageId);
