import type { Db, DbOrTx } from './db.ts';

/** Something that happened in a workspace, for the features that react to it (webhooks, notifications…). */
export interface DomainEvent {
  /** Dotted name, e.g. `opportunity.won`. */
  type: string;
  platformId: number;
  workspaceId: number;
  data: Record<string, unknown>;
}

/**
 * Runs inside the transaction of the change, so whatever it records or enqueues commits or rolls back with it.
 * It must only write through `tx` and return quickly: slow work belongs in a job it enqueues.
 */
export type EventListener = (tx: DbOrTx, event: DomainEvent) => Promise<void>;

/** The app's event hook: features publish what happened; other features subscribe while they register. */
export interface Events {
  subscribe(listener: EventListener): void;
  publish(tx: DbOrTx, event: DomainEvent): Promise<void>;
}

export function createEvents(): Events {
  const listeners: EventListener[] = [];
  return {
    subscribe(listener) {
      listeners.push(listener);
    },
    async publish(tx, event) {
      for (const listener of listeners) await listener(tx, event);
    },
  };
}

/** What a service that publishes needs: the database, and the event hook that tells other features. */
export interface PublishingDeps {
  db: Db;
  events: Events;
}
