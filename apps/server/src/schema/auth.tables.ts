import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';
import { users } from './users.tables.ts';

/** One-time password-reset links; only the SHA-256 of the token is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.platformId, t.userId),
    // Per tenant, like every unique key, so the table can be distributed by platform_id.
    uniqueIndex('password_resets_token_uq').on(t.platformId, t.tokenHash),
  ],
);
