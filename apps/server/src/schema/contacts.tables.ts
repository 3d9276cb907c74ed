import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** A person the workspace sells to; one contact may have several cards. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    /** Digits only, with country code. */
    phoneNumber: text('phone_number'),
    /** Calling code of the number's country, digits only ('55' for Brazil). */
    countryCode: text('country_code').notNull().default('55'),
    email: text('email'),
    birthdate: date('birthdate', { mode: 'string' }),
    /** CPF, digits only. */
    document: text('document'),
    /** RG as written. */
    idNumber: text('id_number'),
    postalCode: text('postal_code'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    stateCode: text('state_code'),
    cityName: text('city_name'),
    neighborhood: text('neighborhood'),
    instagram: text('instagram'),
    facebook: text('facebook'),
    linkedin: text('linkedin'),
    isBlacklisted: boolean('is_blacklisted').notNull().default(false),
    blacklistReason: text('blacklist_reason'),
    ...timestamps(),
  },
  (t) => [
    index('contacts_scope_name_idx').on(t.platformId, t.workspaceId, sql`lower(${t.name})`),
    // One contact per phone in a workspace: a card for a known number reuses its contact.
    uniqueIndex('contacts_scope_phone_uq').on(t.platformId, t.workspaceId, t.phoneNumber),
  ],
);
