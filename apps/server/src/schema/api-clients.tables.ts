import type { ApiRole } from '@vendaval/core/roles';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.tables.ts';
import { workspaceOwned } from './workspace-owned-columns.ts';

/**
 * An integration (API client) of one workspace with one API role. It acts as a user of its own (no password,
 * never a member), so history and the audit log name it like anyone else. Only the secret's digest is kept.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    role: text('role').$type<ApiRole>().notNull(),
    secretDigest: text('secret_digest').notNull(),
    /** The secret's first characters, so an admin can tell which token a system holds. */
    secretHint: text('secret_hint').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_clients_platform_secret_uq').on(t.platformId, t.secretDigest),
    index('api_clients_scope_idx').on(t.platformId, t.workspaceId, t.id),
  ],
);
