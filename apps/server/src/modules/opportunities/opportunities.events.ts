import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import type { Events } from '../../infra/events.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';

/** The card as its lifecycle events name it. */
export interface CardRef {
  id: number;
  contactId: number | null;
}

export const cardRef = (card: CardRef): CardRef => ({ id: card.id, contactId: card.contactId });

/** A card's lifecycle, told to the features that hang work off it (rooms, tasks, notifications, automations). */
export interface CardEvents {
  /** Won or lost; `closeRooms` when the user asked to close the card's rooms too. */
  'card.closed': { ctx: WorkspaceContext; card: CardRef; won: boolean; closeRooms: boolean };
  'card.reopened': { ctx: WorkspaceContext; card: CardRef };
  /** Won or lost, started again as a new open cycle. */
  'card.recreated': { ctx: WorkspaceContext; card: CardRef };
  /** Cards moved from `ctx`'s workspace to `to`, with their contacts and history already carried. */
  'card.transferred': { ctx: WorkspaceContext; to: WorkspaceContext; opportunityIds: number[] };
  /**
   * The card has a new responsible: given by a person (`byUserId`), by the distribution (null), or arriving
   * from another workspace (`transferred`). `scope` is the workspace the card is in now.
   */
  'card.assigned': {
    scope: Scope;
    card: { id: number; name: string };
    userId: number;
    byUserId: number | null;
    transferred: boolean;
  };
}

declare module '../../infra/events.ts' {
  interface DomainEventMap extends CardEvents {}
}

/** Tells of a card's new responsible, unless there is none or they gave it to themselves. */
export async function announceAssignment(
  tx: DbOrTx,
  events: Events,
  scope: Scope,
  card: { id: number; name: string },
  userId: number | null,
  by: { userId: number | null; transferred?: boolean },
) {
  if (userId === null || userId === by.userId) return;
  await events.emit(tx, 'card.assigned', {
    scope: { platformId: scope.platformId, workspaceId: scope.workspaceId },
    card: { id: card.id, name: card.name },
    userId,
    byUserId: by.userId,
    transferred: by.transferred ?? false,
  });
}
