import type { LogType } from '@vendaval/core/constants';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contacts } from './contacts.tables.ts';
import { opportunities } from './opportunities.tables.ts';
import { users } from './users.tables.ts';
import { workspaceOwned } from './workspace-owned-columns.ts';

/**
 * The activity history of cards (opportunities.md §3 "Log entry", §4.4): one row per change, written in the
 * change's transaction. The contact is copied in so a contact's history is one index range.
 */
export const historyLogs = pgTable(
  'history_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...workspaceOwned(),
    type: text('type').$type<LogType>().notNull(),
    opportunityId: integer('opportunity_id').references(() => opportunities.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** Who did it; null for the system (imports, bots, jobs). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The task an entry is about, kept after the task is deleted so the entry still names it. */
    taskId: integer('task_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('history_logs_opportunity_idx').on(t.platformId, t.workspaceId, t.opportunityId, t.createdAt),
    index('history_logs_contact_idx').on(t.platformId, t.workspaceId, t.contactId, t.createdAt),
    index('history_logs_user_idx').on(t.platformId, t.workspaceId, t.userId, t.createdAt),
  ],
);
