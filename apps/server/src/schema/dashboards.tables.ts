import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The cards of each day (Brasília time) of their creation and of their last change, per stage and per value of
 * one of their columns (campaign, media, product, lost reason, responsible, source, probability; 'stage' alone
 * with an empty key), kept by triggers on opportunities (migration 0018) in the transaction of each change. A
 * month of a million-card workspace is then a few thousand of these rows instead of every card of the month.
 */
export const opportunityDashboardDays = pgTable(
  'opportunity_dashboard_days',
  {
    platformId: integer('platform_id').notNull(),
    workspaceId: integer('workspace_id').notNull(),
    /** 'created_at' or 'updated_at': which day of the card this row counts it on. */
    dateType: text('date_type').notNull(),
    dimension: text('dimension').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The column's value as text; '' for none. */
    key: text('key').notNull(),
    salesStageId: integer('sales_stage_id').notNull(),
    cards: integer('cards').notNull(),
    total: numeric('total', { mode: 'number' }).notNull(),
    /** Cards with a response time, its sum, and those in the acceptable and exceeded classes (decisions.md §4). */
    answered: integer('answered').notNull(),
    tmaSum: bigint('tma_sum', { mode: 'number' }).notNull(),
    acceptable: integer('acceptable').notNull(),
    exceeded: integer('exceeded').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.platformId, t.workspaceId, t.dateType, t.dimension, t.day, t.key, t.salesStageId],
    }),
  ],
);

/**
 * The cards of each day (Brasília time) of their creation and of their last change per responsible (0 for none),
 * with those in the workspace's won and lost stages apart: the ranking and the chart by responsible read a row per
 * person and day instead of one per person, stage and day. Kept by the same triggers in the same transaction. A
 * stage is won, lost or open for good (the pipeline keeps one won and one lost stage, and the database refuses to
 * change a stage into or out of them), so the split made when a card changes stays right.
 */
export const opportunityUserDays = pgTable(
  'opportunity_user_days',
  {
    platformId: integer('platform_id').notNull(),
    workspaceId: integer('workspace_id').notNull(),
    /** 'created_at' or 'updated_at': which day of the card this row counts it on. */
    dateType: text('date_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    cards: integer('cards').notNull(),
    won: integer('won').notNull(),
    lost: integer('lost').notNull(),
    total: numeric('total', { mode: 'number' }).notNull(),
    wonTotal: numeric('won_total', { mode: 'number' }).notNull(),
    answered: integer('answered').notNull(),
    tmaSum: bigint('tma_sum', { mode: 'number' }).notNull(),
    acceptable: integer('acceptable').notNull(),
    exceeded: integer('exceeded').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.workspaceId, t.dateType, t.day, t.userId] })],
);
