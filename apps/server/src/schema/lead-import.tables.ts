import type { SourceType } from '@vendaval/core/constants';
import type { LeadImportError, LeadImportStatus } from '@vendaval/core/schemas/lead-import';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns, medias, products, salesStages } from './catalog.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** One spreadsheet upload: what its cards get, and its progress as the job works through its rows. */
export const leadImports = pgTable(
  'lead_imports',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    /** Who uploaded it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<LeadImportStatus>().notNull().default('queued'),
    totalRows: integer('total_rows').notNull(),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    merged: integer('merged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<LeadImportError[]>().notNull().default([]),
    ignoredColumns: text('ignored_columns').array().notNull().default(sql`'{}'::text[]`),
    salesStageId: integer('sales_stage_id')
      .notNull()
      .references(() => salesStages.id, { onDelete: 'cascade' }),
    /** Every card to this member; null means round-robin over `assignRole`. */
    assignUserId: integer('assign_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The platform's main collaborator role at upload time. */
    assignRole: text('assign_role').notNull(),
    sourceType: text('source_type').$type<SourceType>().notNull(),
    mediaId: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The first row's place on the board: imported cards go on top, in the file's order. */
    topDisplayOrder: doublePrecision('top_display_order').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('lead_imports_scope_idx').on(t.platformId, t.workspaceId, t.createdAt)],
);

/** What a row of the file became once read: a lead to import, or the reason it cannot be. */
export interface LeadRowData {
  name: string;
  cardName: string;
  phone: string;
  countryCode: string;
  email: string | null;
  document: string | null;
  idNumber: string | null;
  cityName: string | null;
  stateCode: string | null;
  postalCode: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  neighborhood: string | null;
  productId: number | null;
  campaignId: number | null;
  mediaId: number | null;
  price: number | null;
  description: string | null;
}

/**
 * The rows of an import still to process, in file order; the job deletes each batch in the transaction that
 * imports it, so what is left is exactly what a restart has to do.
 */
export const leadImportRows = pgTable(
  'lead_import_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...workspaceOwned(),
    importId: integer('import_id')
      .notNull()
      .references(() => leadImports.id, { onDelete: 'cascade' }),
    /** The spreadsheet's line number (the header is line 1). */
    rowNumber: integer('row_number').notNull(),
    /** Null when the row cannot be imported (see `error`). */
    lead: jsonb('lead').$type<LeadRowData>(),
    error: text('error'),
    /** Values dropped from an imported row, each with its reason. */
    notes: text('notes').array().notNull().default(sql`'{}'::text[]`),
    /** The earlier line of the file with the same phone: this row is merged into it. */
    duplicateOf: integer('duplicate_of'),
  },
  (t) => [uniqueIndex('lead_import_rows_uq').on(t.platformId, t.importId, t.rowNumber)],
);
