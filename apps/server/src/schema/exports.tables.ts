import type { ExportFormat, ExportKind, ExportStatus } from '@vendaval/core/schemas/exports';
import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** What a PDCA export reads: one plan's actions. */
export interface PdcaFilter {
  planning_id: number;
}
export type ExportFilter = OpportunityFilter | PdcaFilter;

/** One export a member asked for: what it reads, its progress, and the file it left until it expires. */
export const exportsTable = pgTable(
  'exports',
  {
    // Random, so a download link names nothing guessable.
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceOwned(),
    /** Who asked for it: the only one who sees and downloads it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's role when they asked: what the cards export may show them. */
    role: text('role').notNull(),
    kind: text('kind').$type<ExportKind>().notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    /** The board's filters of a cards export; the plan of a PDCA export. */
    filter: jsonb('filter').$type<ExportFilter>(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    rowCount: integer('row_count'),
    fileKey: text('file_key'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('exports_scope_idx').on(t.platformId, t.workspaceId, t.userId),
    index('exports_expires_idx').on(t.expiresAt),
  ],
);
