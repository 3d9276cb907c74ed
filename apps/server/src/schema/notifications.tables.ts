import type { DeviceType, NotificationKind, NotificationOrigin } from '@vendaval/core/schemas/notifications';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';
import { users } from './users.tables.ts';
import { workspaceOwned } from './workspace-owned-columns.ts';

/** One notification for one user, about something in one workspace of their platform. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    /** The one user who sees it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    origin: text('origin').$type<NotificationOrigin>().notNull(),
    originId: text('origin_id').notNull(),
    opportunityId: integer('opportunity_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    filename: text('filename'),
    /**
     * What caused it, for causes a job may see twice (a task due, a finished job): a second notification of the
     * same cause collides with the first. Null for causes whose notification lands in their own transaction.
     */
    causeKey: text('cause_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.platformId, t.userId, t.id),
    index('notifications_unread_idx').on(t.platformId, t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_cause_uq').on(t.platformId, t.userId, t.causeKey),
  ],
);

/** A user's notification preferences; a user without a row has the defaults. */
export const userSettings = pgTable(
  'user_settings',
  {
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notifyKinds: text('notify_kinds').array().$type<NotificationKind[]>().notNull(),
    pushEnabled: boolean('push_enabled').notNull().default(true),
    soundEnabled: boolean('sound_enabled').notNull().default(true),
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.userId] })],
);

/**
 * A device the user's notifications are pushed to: a browser's Web Push subscription (Desktop), or a mobile app's
 * token (Android, Ios), kept for the app's own push service.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceType: text('device_type').$type<DeviceType>().notNull(),
    /** The push service's URL of a browser, or a mobile app's token. */
    endpoint: text('endpoint').notNull(),
    /** The browser's keys that encrypt what is pushed to it (RFC 8291); null for a mobile token. */
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.platformId, t.endpoint),
    index('push_subscriptions_user_idx').on(t.platformId, t.userId),
  ],
);
