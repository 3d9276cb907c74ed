import { boolean, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, workspaceOwned } from '../workspaces/workspace-owned.columns.ts';

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    /** Digits only, with country code. */
    phoneNumber: text('phone_number'),
    email: text('email'),
    cityName: text('city_name'),
    stateCode: text('state_code'),
    isBlacklisted: boolean('is_blacklisted').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('contacts_scope_name_idx').on(t.platformId, t.workspaceId, t.name),
    index('contacts_scope_phone_idx').on(t.platformId, t.workspaceId, t.phoneNumber),
  ],
);
