import { z } from 'zod';
import {
  type AdminList,
  LIST_ITEM_NAME_MAX,
  LIST_LIMIT,
  MEDIA_TYPES,
  PRICE_MAX,
  PRICE_MIN,
  PRODUCT_CATEGORIES,
  PRODUCT_MODALITIES,
  QUICK_ANSWER_CONTENT_MAX,
  stageTypeSchema,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { rowIdSchema } from './common.ts';

export const salesStageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Hex without '#'. */
  color: z.string(),
  type: stageTypeSchema,
  display_order: z.number().int(),
});
export type SalesStage = z.infer<typeof salesStageSchema>;

// ---- admin lists ---------------------------------------------------------------------------

/** A lookup fetch: the whole list in one page by default (PLAT-280). */
export const listPageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT).default(LIST_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export const listQuerySchema = listPageQuerySchema.extend({
  search: z.string().trim().max(LIST_ITEM_NAME_MAX).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * GET /medias and /campaigns also answer the schedule's Action lookups (platform.md §7): with
 * schedule_template_type=Action only the items that the workspace's Action template tasks name (of that role, and
 * for campaigns of that media).
 */
export const actionLookupQuerySchema = listQuerySchema.extend({
  schedule_template_type: z.literal('Action').optional(),
  role: z.string().trim().max(40).optional(),
  schedule_template_task_media_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type ActionLookupQuery = z.infer<typeof actionLookupQuerySchema>;

const itemName = z
  .string()
  .trim()
  .min(1, MESSAGES.listItemNameRequired)
  .max(LIST_ITEM_NAME_MAX, MESSAGES.listItemNameTooLong(LIST_ITEM_NAME_MAX));
/** Ids in a body name rows of this workspace; beyond a PostgreSQL integer they can name none. */
const rowId = rowIdSchema;
/** Hex without '#', stored in lower case like the stage colours. */
const hexColor = z
  .string()
  .regex(/^[0-9a-f]{6}$/i, MESSAGES.invalidColor)
  .toLowerCase();
/** One message however the price is wrong. */
const price = z
  .number({ error: MESSAGES.invalidPrice })
  .min(PRICE_MIN, { error: MESSAGES.invalidPrice, abort: true })
  .max(PRICE_MAX, { error: MESSAGES.invalidPrice, abort: true })
  .multipleOf(0.01, MESSAGES.invalidPrice);

/** An update names at least one field; those it leaves out keep their value. */
const updateOf = <T extends z.ZodObject>(create: T) =>
  create.partial().refine((patch) => Object.keys(patch).length > 0, MESSAGES.emptyUpdate);

const item = { id: z.number().int(), name: z.string() };

export const tagSchema = z.object({ ...item, color: z.string() });
export const tagCreateSchema = z.strictObject({ name: itemName, color: hexColor });
export const tagUpdateSchema = updateOf(tagCreateSchema);
export type Tag = z.infer<typeof tagSchema>;

export const campaignSchema = z.object(item);
export const campaignCreateSchema = z.strictObject({ name: itemName });
export const campaignUpdateSchema = updateOf(campaignCreateSchema);
export type Campaign = z.infer<typeof campaignSchema>;

export const mediaSchema = z.object({ ...item, type: z.enum(MEDIA_TYPES) });
export const mediaCreateSchema = z.strictObject({
  name: itemName,
  type: z.enum(MEDIA_TYPES, MESSAGES.invalidMediaType),
});
export const mediaUpdateSchema = updateOf(mediaCreateSchema);
export type Media = z.infer<typeof mediaSchema>;

export const productSchema = z.object({
  ...item,
  price: z.number(),
  category: z.enum(PRODUCT_CATEGORIES),
  modality: z.enum(PRODUCT_MODALITIES),
});
/**
 * Category and modality left out of a create are 'enrollment' and 'on_site': a product is a course taught on site
 * until the admin says otherwise, as every product counted before products had a category.
 */
export const productCreateSchema = z.strictObject({
  name: itemName,
  price,
  category: z.enum(PRODUCT_CATEGORIES, MESSAGES.invalidProductCategory).optional(),
  modality: z.enum(PRODUCT_MODALITIES, MESSAGES.invalidProductModality).optional(),
});
export const productUpdateSchema = updateOf(productCreateSchema);
export type Product = z.infer<typeof productSchema>;

/** A lost reason ('Motivo de perda'). */
export const objectionSchema = z.object(item);
export const objectionCreateSchema = z.strictObject({ name: itemName });
export const objectionUpdateSchema = updateOf(objectionCreateSchema);
export type Objection = z.infer<typeof objectionSchema>;

/** How a task was carried out ('Forma de Atendimento'). */
export const interactionTypeSchema = z.object(item);
export const interactionTypeCreateSchema = z.strictObject({ name: itemName });
export const interactionTypeUpdateSchema = updateOf(interactionTypeCreateSchema);
export type InteractionType = z.infer<typeof interactionTypeSchema>;

/** What a task is ('Ação'); its default interaction type fills the task form when the action is picked. */
export const taskTypeSchema = z.object({ ...item, default_interaction_type_id: z.number().int().nullable() });
export const taskTypeCreateSchema = z.strictObject({
  name: itemName,
  default_interaction_type_id: rowId.nullable().optional(),
});
export const taskTypeUpdateSchema = updateOf(taskTypeCreateSchema);
export type TaskType = z.infer<typeof taskTypeSchema>;

/** At most one type per workspace is the default: marking one unmarks the others. */
export const opportunityTypeSchema = z.object({ ...item, is_default: z.boolean() });
export const opportunityTypeCreateSchema = z.strictObject({
  name: itemName,
  is_default: z.boolean().optional(),
});
export const opportunityTypeUpdateSchema = updateOf(opportunityTypeCreateSchema);
export type OpportunityType = z.infer<typeof opportunityTypeSchema>;

/** A canned chat reply ('Respostas Rápidas'): its slash shortcut is the item's name in the list. */
export const quickAnswerSchema = z.object({
  id: z.number().int(),
  shortcut: z.string(),
  content: z.string(),
});
export const quickAnswerCreateSchema = z.strictObject({
  shortcut: z
    .string()
    .trim()
    .max(LIST_ITEM_NAME_MAX, MESSAGES.listItemNameTooLong(LIST_ITEM_NAME_MAX))
    .regex(/^\/\S+$/, MESSAGES.quickAnswerShortcut),
  content: z
    .string()
    .trim()
    .min(1, MESSAGES.quickAnswerContentRequired)
    .max(QUICK_ANSWER_CONTENT_MAX, MESSAGES.quickAnswerContentTooLong(QUICK_ANSWER_CONTENT_MAX)),
});
export const quickAnswerUpdateSchema = updateOf(quickAnswerCreateSchema);
export type QuickAnswer = z.infer<typeof quickAnswerSchema>;

/** Each admin list's schemas by its path: its item, what a create sends, what an update sends. */
export const ADMIN_LIST_SCHEMAS = {
  tags: { item: tagSchema, create: tagCreateSchema, update: tagUpdateSchema },
  campaigns: { item: campaignSchema, create: campaignCreateSchema, update: campaignUpdateSchema },
  medias: { item: mediaSchema, create: mediaCreateSchema, update: mediaUpdateSchema },
  products: { item: productSchema, create: productCreateSchema, update: productUpdateSchema },
  objections: { item: objectionSchema, create: objectionCreateSchema, update: objectionUpdateSchema },
  'interaction-types': {
    item: interactionTypeSchema,
    create: interactionTypeCreateSchema,
    update: interactionTypeUpdateSchema,
  },
  'task-types': { item: taskTypeSchema, create: taskTypeCreateSchema, update: taskTypeUpdateSchema },
  'opportunity-types': {
    item: opportunityTypeSchema,
    create: opportunityTypeCreateSchema,
    update: opportunityTypeUpdateSchema,
  },
  'quick-answers': {
    item: quickAnswerSchema,
    create: quickAnswerCreateSchema,
    update: quickAnswerUpdateSchema,
  },
} as const satisfies Record<AdminList, { item: z.ZodType; create: z.ZodType; update: z.ZodType }>;

/**
 * A list's collected edits saved together (PLAT-074): in one transaction, all or none. A refusal names the edit
 * as its field ('creates.2', 'updates.0', 'deletes.1', or deeper for a field of it).
 */
export const listBatchOf = <C extends z.ZodType, U extends z.ZodType>(create: C, update: U) =>
  z
    .strictObject({
      creates: z.array(create).max(LIST_LIMIT).default([]),
      updates: z
        .array(z.strictObject({ id: rowId, values: update }))
        .max(LIST_LIMIT)
        .default([]),
      deletes: z.array(rowId).max(LIST_LIMIT).default([]),
    })
    .refine((b) => b.creates.length + b.updates.length + b.deletes.length > 0, MESSAGES.emptyUpdate);

export const listBatchResultOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ created: z.array(item), updated: z.array(item), deleted: z.array(z.number().int()) });

// ---- pipeline management -------------------------------------------------------------------

/** A new stage goes to the end of the pipeline. */
export const salesStageCreateSchema = z.strictObject({
  name: itemName,
  color: hexColor,
  type: stageTypeSchema,
});
export const salesStageUpdateSchema = updateOf(salesStageCreateSchema);
export type SalesStageInput = z.infer<typeof salesStageCreateSchema>;

/** The whole pipeline in its new order: every stage id of the workspace, once. */
export const salesStageOrderSchema = z.strictObject({ stage_ids: z.array(rowId).min(1) });

/** Where the cards of a deleted stage go; required only when it has cards. */
export const salesStageDeleteQuerySchema = z.strictObject({
  move_to: z.coerce.number().pipe(rowId).optional(),
});
