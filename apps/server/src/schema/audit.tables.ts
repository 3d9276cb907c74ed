import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';
import { users } from './users.tables.ts';
import { workspaceOwned } from './workspace-owned-columns.ts';

/** What the workspace's history screens show: settings changes and what happened to its people. */
export const workspaceLogs = pgTable(
  'workspace_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...workspaceOwned(),
    type: text('type').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspace_logs_scope_idx').on(t.platformId, t.workspaceId, t.createdAt)],
);

/** Who changed the platform's brand, and what: the admin screen's audit shows it. */
export const platformLogs = pgTable(
  'platform_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    type: text('type').notNull(),
    actorId: integer('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('platform_logs_scope_idx').on(t.platformId, t.createdAt)],
);
