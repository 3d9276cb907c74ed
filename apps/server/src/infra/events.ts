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

/**
 * The events features tell each other, by name, with their payloads. Empty here: the feature that owns an event
 * adds it by declaration merging next to where it emits it (see opportunities.events.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface DomainEventMap {}
export type DomainEventName = keyof DomainEventMap;

/** Runs inside the emitter's transaction, like `EventListener`: writes only through `tx`, returns quickly. */
export type DomainListener<K extends DomainEventName> = (
  tx: DbOrTx,
  payload: DomainEventMap[K],
) => Promise<void>;

/**
 * The app's event hook. `publish`/`subscribe` carry the workspace's outward feed (the event stream, webhooks);
 * `emit`/`on` carry a feature's own typed events to the features that react to them, which register their
 * listeners in their module file.
 */
export interface Events {
  subscribe(listener: EventListener): void;
  publish(tx: DbOrTx, event: DomainEvent): Promise<void>;
  on<K extends DomainEventName>(name: K, listener: DomainListener<K>): void;
  emit<K extends DomainEventName>(tx: DbOrTx, name: K, payload: DomainEventMap[K]): Promise<void>;
}

export function createEvents(): Events {
  const listeners: EventListener[] = [];
  const named = new Map<DomainEventName, DomainListener<DomainEventName>[]>();
  return {
    subscribe(listener) {
      listeners.push(listener);
    },
    async publish(tx, event) {
      for (const listener of listeners) await listener(tx, event);
    },
    on(name, listener) {
      named.set(name, [...(named.get(name) ?? []), listener as DomainListener<DomainEventName>]);
    },
    async emit(tx, name, payload) {
      for (const listener of named.get(name) ?? []) await listener(tx, payload);
    },
  };
}

/** What a service that publishes needs: the database, and the event hook that tells other features. */
export interface PublishingDeps {
  db: Db;
  events: Events;
}
