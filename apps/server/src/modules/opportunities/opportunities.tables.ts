import type { OpportunityState } from '@vendaval/core/constants';
import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { salesStages } from '../catalog/catalog.tables.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { platforms } from '../platform/platform.tables.ts';
import { users } from '../users/users.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

/** A card of the pipeline. */
export const opportunities = pgTable(
  'opportunities',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('opportunities_board_idx').on(t.platformId, t.workspaceId, t.salesStageId, t.displayOrder),
    index('opportunities_updated_idx').on(t.platformId, t.workspaceId, t.updatedAt),
    index('opportunities_user_idx').on(t.platformId, t.workspaceId, t.userId),
  ],
);
