import type { WebhookDeliveryStatus, WebhookEvent } from '@vendaval/core/schemas/webhooks';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** Outside addresses that receive the workspace's events, signed with their own secret. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /** Write-only: shown once when made or rotated, never answered again. */
    secret: text('secret').notNull(),
    ...timestamps(),
  },
  (t) => [index('webhooks_scope_idx').on(t.platformId, t.workspaceId, t.id)],
);

/** One event to send to one webhook: the body is fixed when the event happens, so every attempt signs the same. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_scope_idx').on(t.platformId, t.workspaceId, t.webhookId),
    // The daily prune looks across tenants by age.
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/** Each try of a delivery, as the log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_scope_idx').on(t.platformId, t.workspaceId, t.webhookId, t.id)],
);

/** Platform-wide webhooks: set by the platform's admins, they receive the events of every workspace of it. */
export const platformWebhooks = pgTable(
  'platform_webhooks',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /** Write-only: shown once when made, never answered again. */
    secret: text('secret').notNull(),
    ...timestamps(),
  },
  (t) => [index('platform_webhooks_scope_idx').on(t.platformId, t.id)],
);

/** One event of one workspace to send to one platform webhook. */
export const platformWebhookDeliveries = pgTable(
  'platform_webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => platformWebhooks.id, { onDelete: 'cascade' }),
    /** The workspace the event happened in. */
    workspaceId: integer('workspace_id').notNull(),
    event: text('event').$type<WebhookEvent>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('platform_webhook_deliveries_scope_idx').on(t.platformId, t.webhookId),
    index('platform_webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/** Each try of a platform delivery, as its log shows it. */
export const platformWebhookAttempts = pgTable(
  'platform_webhook_attempts',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => platformWebhooks.id, { onDelete: 'cascade' }),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => platformWebhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('platform_webhook_attempts_scope_idx').on(t.platformId, t.webhookId, t.id)],
);
