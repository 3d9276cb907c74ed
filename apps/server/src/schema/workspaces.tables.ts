import type { WorkspaceSettings } from '@vendaval/core/schemas/workspaces';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';

export const workspaces = pgTable(
  'workspaces',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<WorkspaceSettings>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspaces_platform_idx').on(t.platformId, t.id)],
);
