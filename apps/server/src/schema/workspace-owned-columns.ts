import { integer, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';
import { workspaces } from './workspaces.tables.ts';

/**
 * The tenancy columns every workspace-owned table starts with (ARCHITECTURE §3): both NOT NULL, so a row is
 * reachable only through its tenant. A function, because each table needs column builders of its own.
 */
export function workspaceOwned() {
  return {
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
  };
}

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
