import type { MediaType, ProductCategory, ProductModality, StageType } from '@vendaval/core/constants';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

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

// ---- admin lists: one table each, same head --------------------------------------------------

const listItem = () => ({
  id: serial('id').primaryKey(),
  ...workspaceOwned(),
  name: text('name').notNull(),
});

/**
 * Names are unique per workspace whatever their case. The same index serves the lists, which are read in
 * name order inside one workspace.
 */
const uniqueName = (
  table: string,
  t: { platformId: AnyPgColumn; workspaceId: AnyPgColumn; name: AnyPgColumn },
) => uniqueIndex(`${table}_name_uq`).on(t.platformId, t.workspaceId, lowerName(t.name));

export const lowerName = (name: AnyPgColumn): SQL => sql`lower(${name})`;

export const tags = pgTable(
  'tags',
  {
    ...listItem(),
    /** Hex without '#'. */
    color: text('color').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueName('tags', t)],
);

export const campaigns = pgTable('campaigns', { ...listItem(), ...timestamps() }, (t) => [
  uniqueName('campaigns', t),
]);

export const medias = pgTable(
  'medias',
  { ...listItem(), type: text('type').$type<MediaType>().notNull(), ...timestamps() },
  (t) => [uniqueName('medias', t)],
);

export const products = pgTable(
  'products',
  {
    ...listItem(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** What the planning counts a won card of this product as, and whether it is on site or remote. */
    category: text('category').$type<ProductCategory>().notNull().default('enrollment'),
    modality: text('modality').$type<ProductModality>().notNull().default('on_site'),
    ...timestamps(),
  },
  (t) => [uniqueName('products', t)],
);

/** Lost reasons. */
export const objections = pgTable('objections', { ...listItem(), ...timestamps() }, (t) => [
  uniqueName('objections', t),
]);

export const interactionTypes = pgTable('interaction_types', { ...listItem(), ...timestamps() }, (t) => [
  uniqueName('interaction_types', t),
  // Lets task types reference an interaction type together with its tenant (below).
  unique('interaction_types_scope_id_uq').on(t.platformId, t.workspaceId, t.id),
]);

export const taskTypes = pgTable(
  'task_types',
  {
    ...listItem(),
    defaultInteractionTypeId: integer('default_interaction_type_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueName('task_types', t),
    // The default interaction type is one of the same workspace, whatever the code above does.
    foreignKey({
      name: 'task_types_default_interaction_type_fk',
      columns: [t.platformId, t.workspaceId, t.defaultInteractionTypeId],
      foreignColumns: [interactionTypes.platformId, interactionTypes.workspaceId, interactionTypes.id],
    }),
    index('task_types_default_interaction_type_idx').on(
      t.platformId,
      t.workspaceId,
      t.defaultInteractionTypeId,
    ),
  ],
);

export const opportunityTypes = pgTable(
  'opportunity_types',
  { ...listItem(), isDefault: boolean('is_default').notNull().default(false), ...timestamps() },
  (t) => [
    uniqueName('opportunity_types', t),
    uniqueIndex('opportunity_types_default_uq').on(t.platformId, t.workspaceId).where(sql`${t.isDefault}`),
  ],
);

/** Canned chat replies; the item's name is its slash shortcut ('/saudacao'). */
export const quickAnswers = pgTable(
  'quick_answers',
  { ...listItem(), content: text('content').notNull(), ...timestamps() },
  (t) => [uniqueName('quick_answers', t)],
);
