import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import type {
  OpportunityBatchAction,
  OpportunityBatchStatus,
} from '@vendaval/core/schemas/opportunity-batches';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** What a batch does to each card: the body of the single card's assign or transfer, less the card. */
export interface OpportunityBatchTarget {
  user_id?: number | null;
  workspace_id?: number;
  sales_stage_id?: number;
  keep_user_id?: boolean;
  distribution?: 'WorkspaceConfiguration' | 'SpecificUser';
}

/**
 * A batch assign or transfer a member started on the board: which cards (ids, or a filter paged through by id),
 * what to do to them, and how far the job got. `lastId` moves in the transaction that changes each page, so a
 * retried job resumes after the last page it finished.
 */
export const opportunityBatches = pgTable(
  'opportunity_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceOwned(),
    /** Who started it: the only one who reads its progress, and whose rules apply to every card. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Their role when they started it. */
    role: text('role').notNull(),
    action: text('action').$type<OpportunityBatchAction>().notNull(),
    target: jsonb('target').$type<OpportunityBatchTarget>().notNull(),
    /** The cards picked one by one, or null when `filter` chooses them. */
    opportunityIds: integer('opportunity_ids').array(),
    filter: jsonb('filter').$type<OpportunityFilter>(),
    status: text('status').$type<OpportunityBatchStatus>().notNull().default('queued'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    lastId: integer('last_id').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('opportunity_batches_scope_idx').on(t.platformId, t.workspaceId, t.userId)],
);
