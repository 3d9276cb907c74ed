import {
  CALL_DURATION_CLASS_FROM_S,
  CALL_DURATION_CLASSES,
  type CallDurationClass,
} from '@vendaval/core/constants';
import type { BatchCallStatus, CallOutcome, CallStatus } from '@vendaval/core/schemas/calls';
import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import { and, gte, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/**
 * A rep's call queue: the cards a board filter showed them when they made it, dialed in board order, each up to
 * `maxAttempts` times until answered. `currentIndex` is the position of the card being (or last) dialed.
 */
export const batchCalls = pgTable(
  'batch_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceOwned(),
    /** The rep who dials: the only one who drives the queue, with their role's view of the cards. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    filter: jsonb('filter').$type<OpportunityFilter>().notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    status: text('status').$type<BatchCallStatus>().notNull().default('Created'),
    totalCount: integer('total_count').notNull(),
    currentIndex: integer('current_index').notNull().default(0),
    /** The call the queue placed last; the row's `opportunity_call`. */
    currentCallId: integer('current_call_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('batch_calls_scope_idx').on(t.platformId, t.workspaceId, t.userId)],
);

/** The queue's cards in order, with the attempts made on each and whether the card is done with. */
export const batchCallItems = pgTable(
  'batch_call_items',
  {
    ...workspaceOwned(),
    batchCallId: uuid('batch_call_id')
      .notNull()
      .references(() => batchCalls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    /** Answered, or left out (no phone, no longer the rep's to see): never dialed again by this queue. */
    done: boolean('done').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.batchCallId, t.position] }),
    index('batch_call_items_next_idx').on(t.platformId, t.batchCallId, t.done, t.attempts, t.position),
  ],
);

/**
 * One call to a card's customer, by a queue or alone. A call not yet ended holds its card and its rep: the
 * partial unique indexes are the claim that keeps two queues from dialing one card, or one rep on two calls.
 */
export const opportunityCalls = pgTable(
  'opportunity_calls',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchCallId: uuid('batch_call_id').references(() => batchCalls.id, { onDelete: 'set null' }),
    /** Which attempt on the card this is within its queue (1 for a single call). */
    attempt: integer('attempt').notNull().default(1),
    phoneNumber: text('phone_number').notNull(),
    /** The telephony adapter that placed it, and its id for the call there. */
    adapter: text('adapter').notNull(),
    remoteId: text('remote_id'),
    status: text('status').$type<CallStatus>().notNull().default('dialing'),
    outcome: text('outcome').$type<CallOutcome>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Talk time in seconds (answer to end); 0 when never answered. */
    duration: integer('duration').notNull().default(0),
    /** Talked above 15 seconds. */
    answered: boolean('answered').notNull().default(false),
    /**
     * The server process whose memory holds the call's line (its SIP dialogs), which alone can hang it up: a
     * `call_instances` id. Null when any process can (the sandbox).
     */
    instanceId: uuid('instance_id'),
  },
  (t) => [
    uniqueIndex('opportunity_calls_active_card_uq')
      .on(t.platformId, t.opportunityId)
      .where(sql`${t.endedAt} is null`),
    uniqueIndex('opportunity_calls_active_user_uq')
      .on(t.platformId, t.userId)
      .where(sql`${t.endedAt} is null`),
    index('opportunity_calls_card_idx').on(t.platformId, t.workspaceId, t.opportunityId, t.startedAt),
    index('opportunity_calls_user_idx').on(t.platformId, t.workspaceId, t.userId, t.startedAt),
    /** The calls of a period, everyone's: the voip dashboard. */
    index('opportunity_calls_period_idx').on(t.platformId, t.workspaceId, t.startedAt),
    /** The calls under way by the process holding them: those of a process gone are ended. */
    index('opportunity_calls_active_instance_idx')
      .on(t.instanceId)
      .where(sql`${t.endedAt} is null and ${t.instanceId} is not null`),
  ],
);

/**
 * The server processes that hold calls in their memory, each beating every few seconds while it runs. The calls
 * of a process silent too long (stopped, killed, cut off) are ended by the processes left.
 */
export const callInstances = pgTable('call_instances', {
  id: uuid('id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A talked call (answered at all, however briefly) whose length is within any of these classes (PLAT-130): how the
 * board's call_duration filter picks cards and the voip dashboard counts calls.
 */
export function lastedAny(classes: CallDurationClass[] | undefined): SQL | undefined {
  if (!classes?.length) return undefined;
  const within = (c: CallDurationClass) => {
    const next = CALL_DURATION_CLASSES[CALL_DURATION_CLASSES.indexOf(c) + 1];
    return and(
      gte(opportunityCalls.duration, CALL_DURATION_CLASS_FROM_S[c]),
      next ? lt(opportunityCalls.duration, CALL_DURATION_CLASS_FROM_S[next]) : undefined,
    );
  };
  return and(isNotNull(opportunityCalls.answeredAt), or(...classes.map(within)));
}
