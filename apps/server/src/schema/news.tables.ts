import type { NewsCarouselItem } from '@vendaval/core/schemas/news';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';

/** A news warning of one platform, shown once to each of its users until its expiration day has passed. */
export const newsWarnings = pgTable(
  'news_warnings',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    message: text('message').notNull(),
    /** The last day (in the app's time zone) the warning is shown. */
    expiration: date('expiration', { mode: 'string' }).notNull(),
    iframeInfo: jsonb('iframe_info').$type<{ title: string; src: string }>(),
    carouselInfo: jsonb('carousel_info').$type<NewsCarouselItem[]>(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_warnings_platform_idx').on(t.platformId, t.expiration)],
);
