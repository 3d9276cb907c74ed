import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from '../platform/platform.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Digits only, with country code. */
    phoneNumber: text('phone_number'),
    email: text('email'),
    cityName: text('city_name'),
    stateCode: text('state_code'),
    isBlacklisted: boolean('is_blacklisted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_scope_name_idx').on(t.platformId, t.workspaceId, t.name),
    index('contacts_scope_phone_idx').on(t.platformId, t.workspaceId, t.phoneNumber),
  ],
);
