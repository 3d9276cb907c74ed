import type { BrandOverrides, Platform } from '@vendaval/core/schemas/platform';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One white-label client organisation (the tenant). The built-in profiles keep their fixed ids (0…, and 1000 for
 * the default); platforms the operator creates are numbered after them.
 */
export const platforms = pgTable('platforms', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  subtitle: text('subtitle').notNull(),
  hosts: text('hosts').array().notNull(),
  spinner: text('spinner').$type<Platform['spinner']>().notNull(),
  favicon: text('favicon').notNull(),
  trademarkOwner: text('trademark_owner').notNull(),
  logos: jsonb('logos').$type<Platform['logos']>().notNull(),
  loginBackgrounds: jsonb('login_backgrounds').$type<Platform['login_backgrounds']>().notNull(),
  palette: jsonb('palette').$type<Platform['palette']>().notNull(),
  gradient: jsonb('gradient').$type<Platform['gradient']>(),
  flags: jsonb('flags').$type<Platform['flags']>().notNull(),
  terms: jsonb('terms').$type<Platform['terms']>().notNull(),
  presetValues: jsonb('preset_values').$type<Platform['preset_values']>().notNull(),
  faqVideos: jsonb('faq_videos').$type<Platform['faq_videos']>().notNull(),
  dashboardTitles: jsonb('dashboard_titles').$type<Platform['dashboard_titles']>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the platform's admins changed of their brand; the built-in profile supplies everything else. */
export const platformBrands = pgTable('platform_brands', {
  platformId: integer('platform_id')
    .primaryKey()
    .references(() => platforms.id),
  overrides: jsonb('overrides').$type<BrandOverrides>().notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every host a platform answers on, lower-cased: the key makes a host belong to one platform only, whatever two
 * operators save at once. `platforms.hosts` keeps their order (the first is the one links point to).
 */
export const platformHosts = pgTable(
  'platform_hosts',
  {
    host: text('host').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
  },
  (t) => [index('platform_hosts_platform_idx').on(t.platformId)],
);
