import type { OpportunityState } from '@vendaval/core/constants';
import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { salesStages } from '../catalog/catalog.tables.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { users } from '../users/users.tables.ts';
import { timestamps, workspaceOwned } from '../workspaces/workspace-owned.columns.ts';

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
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    probability: integer('probability').notNull().default(40),
    sourceType: text('source_type').notNull(),
    description: text('description'),
    displayOrder: integer('display_order').notNull().default(0),
    ...timestamps(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('opportunities_board_idx').on(t.platformId, t.workspaceId, t.salesStageId, t.displayOrder),
    index('opportunities_updated_idx').on(t.platformId, t.workspaceId, t.updatedAt),
    index('opportunities_user_idx').on(t.platformId, t.workspaceId, t.userId),
  ],
);
