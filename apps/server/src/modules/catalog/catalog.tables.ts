import type { StageType } from '@vendaval/core/constants';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { platforms } from '../platform/platform.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

/** The columns of a workspace's pipeline, in display order. */
export const salesStages = pgTable(
  'sales_stages',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex without '#', as the client expects. */
    color: text('color').notNull(),
    type: text('type').$type<StageType>().notNull(),
    displayOrder: integer('display_order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sales_stages_scope_idx').on(t.platformId, t.workspaceId, t.displayOrder)],
);
