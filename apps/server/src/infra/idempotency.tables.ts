import { bigserial, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The first answer of each POST a client sent with an `Idempotency-Key`, per tenant and endpoint: a retry whose
 * answer was lost gets it again instead of storing twice. Kept a day (pruned nightly).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platformId: integer('platform_id').notNull(),
    /** The method and path the key was used on (a workspace's or a form's id included). */
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_uq').on(t.platformId, t.endpoint, t.key)],
);
