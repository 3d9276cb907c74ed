import type { OpportunityState, SourceType } from '@vendaval/core/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { campaigns, medias, objections, opportunityTypes, products, salesStages } from './catalog.tables.ts';
import { contacts } from './contacts.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** A card of the pipeline. */
export const opportunities = pgTable(
  'opportunities',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    stateType: text('state_type').$type<OpportunityState>().notNull().default('Open'),
    salesStageId: integer('sales_stage_id')
      .notNull()
      .references(() => salesStages.id),
    /** The open stage a closed card came from: where a reopen without a chosen stage takes it back. */
    openStageId: integer('open_stage_id').references(() => salesStages.id, { onDelete: 'set null' }),
    /** Higher is nearer the top of its column; 'top' is one above the column's highest. */
    displayOrder: doublePrecision('display_order').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    opportunityTypeId: integer('opportunity_type_id').references(() => opportunityTypes.id, {
      onDelete: 'set null',
    }),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    probability: integer('probability').notNull().default(40),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sourceType: text('source_type').$type<SourceType>().notNull(),
    mediaId: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    campaignUrl: text('campaign_url'),
    /** Tag ids of the same workspace, at most five. */
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    description: text('description'),
    /** The contact is a parent or guardian and the student is someone else ('Não é aluno?'). */
    isResponsible: boolean('is_responsible').notNull().default(false),
    studentName: text('student_name'),
    studentDocument: text('student_document'),
    visitGenerator: text('visit_generator'),
    /** Id of the external form that created the card, shown read-only. */
    formId: text('form_id'),
    /** Lost reason (objection id). */
    closedType: integer('closed_type').references(() => objections.id, { onDelete: 'set null' }),
    closedDescription: text('closed_description'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Seconds from creation (or recreation) to the first answer; null until someone answers. */
    tma: integer('tma'),
    recreatedAt: timestamp('recreated_at', { withTimezone: true }),
    remoteId: text('remote_id'),
    ...timestamps(),
  },
  (t) => [
    index('opportunities_board_idx').on(t.platformId, t.workspaceId, t.salesStageId, t.displayOrder, t.id),
    // Migration 0041 adds INCLUDE (sales_stage_id, price), which Drizzle cannot declare: the board's stage totals
    // read the cards of a period's partial days from the index alone.
    index('opportunities_updated_idx').on(t.platformId, t.workspaceId, t.updatedAt),
    // A column's count and total under the default filter (a date range on updated_at) read only this index.
    index('opportunities_stage_updated_idx').on(
      t.platformId,
      t.workspaceId,
      t.salesStageId,
      t.updatedAt,
      t.price,
    ),
    index('opportunities_created_idx').on(t.platformId, t.workspaceId, t.createdAt),
    // Campaign reports and the list filtered by campaign within a period.
    index('opportunities_campaign_updated_idx').on(t.platformId, t.workspaceId, t.campaignId, t.updatedAt),
    index('opportunities_user_idx').on(t.platformId, t.workspaceId, t.userId, t.updatedAt),
    index('opportunities_contact_idx').on(t.platformId, t.workspaceId, t.contactId),
    index('opportunities_tags_idx').using('gin', t.tagIds),
  ],
);

/**
 * Cards and their price total per stage and day of last change (Brasília time), kept by triggers on
 * opportunities (migration 0006) in the transaction of each change. The board's column totals over months read a
 * few hundred of these rows instead of every card of the period. Migration 0040 keeps the planner from starting
 * parallel workers on it: they cost more than such a small read.
 */
export const opportunityStageDays = pgTable(
  'opportunity_stage_days',
  {
    platformId: integer('platform_id').notNull(),
    workspaceId: integer('workspace_id').notNull(),
    salesStageId: integer('sales_stage_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    cards: integer('cards').notNull(),
    total: numeric('total', { mode: 'number' }).notNull(),
  },
  // Migration 0041 adds opportunity_stage_days_day_idx (platform_id, workspace_id, day) INCLUDE (sales_stage_id, cards,
  // total), which Drizzle cannot declare: the stage totals of a period of every stage read from that index alone.
  (t) => [primaryKey({ columns: [t.platformId, t.workspaceId, t.salesStageId, t.day] })],
);
