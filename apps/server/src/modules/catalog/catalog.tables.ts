import type { StageType } from '@vendaval/core/constants';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, workspaceOwned } from '../workspaces/workspace-owned.columns.ts';

/** The columns of a workspace's pipeline, in display order. */
export const salesStages = pgTable(
  'sales_stages',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    /** Hex without '#', as the client expects. */
    color: text('color').notNull(),
    type: text('type').$type<StageType>().notNull(),
    displayOrder: integer('display_order').notNull(),
    ...timestamps(),
  },
  (t) => [index('sales_stages_scope_idx').on(t.platformId, t.workspaceId, t.displayOrder)],
);
