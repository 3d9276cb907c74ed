import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';
import { users } from './users.tables.ts';

/**
 * One open event stream, on any server process: whether a user has a tab open decides if a notification also
 * goes out by Web Push. Refreshed while the stream lives; a row of a process that died goes stale and stops
 * counting.
 */
export const openStreams = pgTable(
  'open_streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('open_streams_user_idx').on(t.platformId, t.userId, t.seenAt)],
);
