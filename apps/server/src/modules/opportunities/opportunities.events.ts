import type { WorkspaceContext } from '../../infra/context.ts';

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
}

declare module '../../infra/events.ts' {
  interface DomainEventMap extends CardEvents {}
}
