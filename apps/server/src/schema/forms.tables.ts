import type { SourceType } from '@vendaval/core/constants';
import type { FormField } from '@vendaval/core/schemas/forms';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns, medias, salesStages } from './catalog.tables.ts';
import { contacts } from './contacts.tables.ts';
import { opportunities } from './opportunities.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** A marketing form: its fields, what they fill on the contact, and where its cards go. */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    /** Random and unguessable: the hosted page's address and the cards' `form_id`. */
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    salesStageId: integer('sales_stage_id').references(() => salesStages.id, { onDelete: 'set null' }),
    responsibleUserId: integer('responsible_user_id').references(() => users.id, { onDelete: 'set null' }),
    mediaId: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    thankYouText: text('thank_you_text'),
    redirectUrl: text('redirect_url'),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('forms_scope_idx').on(t.platformId, t.workspaceId, t.id),
    uniqueIndex('forms_public_id_uq').on(t.platformId, t.publicId),
  ],
);

/** What one visitor sent through one form, and the card it made. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id').references(() => opportunities.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    sourceType: text('source_type').$type<SourceType>().notNull(),
    answers: jsonb('answers').$type<Record<string, string | boolean>>().notNull(),
    utm: jsonb('utm').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_scope_idx').on(t.platformId, t.workspaceId, t.formId, t.id)],
);
