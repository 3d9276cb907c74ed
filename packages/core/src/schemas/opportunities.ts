import { z } from 'zod';
import {
  ANSWERING_FILTERS,
  BATCH_TRANSFER_MAX,
  BOARD_PAGE_SIZE,
  CALL_DURATION_CLASSES,
  LIST_LIMIT,
  MAX_TAGS,
  OPPORTUNITY_DATE_TYPES,
  OPPORTUNITY_DESCRIPTION_MAX,
  OPPORTUNITY_STATES,
  PRICE_MAX,
  PRICE_MIN,
  SOURCE_TYPES,
  STATE_CODES,
  stageTypeSchema,
  TRANSFER_DISTRIBUTIONS,
} from '../constants.ts';
import { parseUrl } from '../format.ts';
import { MESSAGES } from '../messages.ts';
import { isValidCpf } from '../validators.ts';
import { idSchema, queryBoolSchema, queryListSchema, rowIdSchema } from './common.ts';
import { contactFieldsSchema, contactSchema } from './contacts.ts';

const rowId = rowIdSchema;
const named = z.object({ id: z.number().int(), name: z.string() });

// ---- answers --------------------------------------------------------------------------------

/**
 * A chat room of the card (filled by the chat feature): newest first, the first one tells the room status. The
 * card lists only that newest room unless it is read with `show_old_chats=true`.
 */
export const dialogSummarySchema = z.object({
  id: z.number().int(),
  bot_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  closed_at: z.string().nullable(),
});

export const contractSummarySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  payment_status: z.enum(['Pending', 'Succeeded', 'Canceled']),
  enrollment_fee: z.number().nullable(),
  payment_due_date: z.string().nullable(),
});

/** A card as the board and the lists show it. */
export const opportunityListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state_type: z.enum(OPPORTUNITY_STATES),
  workspace_id: z.number().int(),
  sales_stage_id: z.number().int(),
  display_order: z.number(),
  user_id: z.number().int().nullable(),
  user: named.nullable(),
  contact_id: z.number().int().nullable(),
  contact: z
    .object({ id: z.number().int(), name: z.string(), phone_number: z.string().nullable() })
    .nullable(),
  product_id: z.number().int().nullable(),
  product: named.nullable(),
  price: z.number(),
  probability: z.number().int(),
  source_type: z.string(),
  media_id: z.number().int().nullable(),
  campaign_id: z.number().int().nullable(),
  /** The card type, whose icon the board shows (PLAT-147). */
  opportunity_type_id: z.number().int().nullable(),
  /** Tag ids (the client holds the workspace's tag list). */
  tags: z.array(z.number().int()),
  tma: z.number().int().nullable(),
  /** A chat room of the card is open. */
  has_open_room: z.boolean(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  recreated_at: z.string().nullable(),
  updated_at: z.string(),
});
export type OpportunityListItem = z.infer<typeof opportunityListItemSchema>;

/** One card with everything the detail modal shows (GET /opportunities/{id}). */
export const opportunitySchema = opportunityListItemSchema.extend({
  workspace: named,
  sales_stage: z.object({ id: z.number().int(), name: z.string(), color: z.string(), type: stageTypeSchema }),
  contact: contactSchema.nullable(),
  product: z.object({ id: z.number().int(), name: z.string(), price: z.number() }).nullable(),
  media: named.nullable(),
  campaign: named.nullable(),
  campaign_url: z.string().nullable(),
  description: z.string().nullable(),
  is_responsible: z.boolean(),
  student_name: z.string().nullable(),
  student_document: z.string().nullable(),
  visit_generator: z.string().nullable(),
  form_id: z.string().nullable(),
  closed_type: z.number().int().nullable(),
  closed_description: z.string().nullable(),
  remote_id: z.string().nullable(),
  task: z.object({ count: z.number().int() }),
  dialogs: z.array(dialogSummarySchema),
  contract: contractSummarySchema.nullable(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

/** Count and BRL total of the cards of each stage under the same filters as the list. */
export const stageSummarySchema = z.object({
  data: z.array(
    z.object({ sales_stage_id: z.number().int(), count: z.number().int(), total_price: z.number() }),
  ),
});
export type StageSummary = z.infer<typeof stageSummarySchema>;

// ---- list filters (platform.md §3 "Opportunity filter") --------------------------------------

const queryList = queryListSchema;

const queryBool = queryBoolSchema;

/** 'YYYY-MM-DD' (the whole day, Brasília time) or an ISO instant. */
const queryInstant = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.invalidDate)
  .optional();

const queryId = idSchema;

export const OPPORTUNITY_SORT_FIELDS = [
  'display_order',
  'created_at',
  'updated_at',
  'closed_at',
  'price',
  'probability',
  'name',
] as const;
export type OpportunitySortField = (typeof OPPORTUNITY_SORT_FIELDS)[number];

export const opportunityFilterSchema = z.strictObject({
  /** Name, contact name, phone digits, e-mail or '#id'. */
  search: z.string().trim().max(200).optional(),
  sales_stage_id: queryList(queryId),
  state_type: queryList(z.enum(OPPORTUNITY_STATES)),
  user_id: queryList(queryId),
  product_id: queryList(queryId),
  campaign_id: queryList(queryId),
  media_id: queryList(queryId),
  source_type: queryList(z.enum(SOURCE_TYPES)),
  closed_type: queryList(queryId),
  /** Cards with any of these tags. */
  tags: queryList(queryId),
  opportunity_type_id: queryList(queryId),
  probability: queryList(z.coerce.number().int().min(0).max(100)),
  city_name: z.string().trim().max(120).optional(),
  state_code: queryList(z.enum(STATE_CODES)),
  /** Which date start/end apply to (default updated_at). */
  timestamp_attribute: z.enum(OPPORTUNITY_DATE_TYPES).exclude(['voip']).default('updated_at'),
  start_timestamp: queryInstant,
  end_timestamp: queryInstant,
  /** Nobody has answered yet (no response time). */
  no_interaction: queryBool,
  /** Not changed for more than 24 hours. */
  idle_only: queryBool,
  has_user: queryBool,
  has_city_name: queryBool,
  has_state_code: queryBool,
  has_campaign: queryBool,
  has_product: queryBool,
  has_generator: queryBool,
  is_blacklisted: queryBool,
  /** External form ids. */
  forms: queryList(z.string().max(100)),
  /** Cards with (true) or without (false) a call. */
  has_call: queryBool,
  /** Cards with a call answered for at least this many seconds. */
  has_call_min_duration: z.coerce.number().int().min(0).max(86_400).optional(),
  /** Cards dialed at most this many times (0: never dialed). */
  max_call_attempts: z.coerce.number().int().min(0).max(1000).optional(),
  /** Cards with a call started in this period. */
  call_start_timestamp: queryInstant,
  call_end_timestamp: queryInstant,
  /**
   * answered: cards with a call answered (talked above 15 s); not_answered: cards called, none of whose calls was
   * answered (refused, voicemail or 15 s or less). Within the call period when one is given.
   */
  call_answering: z.enum(ANSWERING_FILTERS).optional(),
  /** Cards with a talked call of any of these lengths (within the call period when given). */
  call_duration: queryList(z.enum(CALL_DURATION_CLASSES)),
});
export type OpportunityFilter = z.infer<typeof opportunityFilterSchema>;

export const opportunityListQuerySchema = opportunityFilterSchema.extend({
  /** A field, '-' in front for descending; display_order sorts the board (top first). */
  sort: z
    .string()
    .regex(new RegExp(`^-?(${OPPORTUNITY_SORT_FIELDS.join('|')})$`), MESSAGES.invalidBody)
    .default('display_order'),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT).default(BOARD_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type OpportunityListQuery = z.infer<typeof opportunityListQuerySchema>;

// ---- payloads -----------------------------------------------------------------------------------

const price = z
  .number({ error: MESSAGES.invalidPrice })
  .min(PRICE_MIN, { error: MESSAGES.invalidPrice, abort: true })
  .max(PRICE_MAX, { error: MESSAGES.invalidPrice, abort: true })
  .multipleOf(0.01, MESSAGES.invalidPrice);

const probability = z
  .number()
  .int()
  .refine((v) => v >= 0 && v <= 100 && v % 20 === 0, MESSAGES.invalidProbability);

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const url = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isWebAddress(v), MESSAGES.invalidUrl);

/** 'https://escola.com.br/x' or 'escola.com.br/x' (people often leave the scheme out). */
function isWebAddress(text: string): boolean {
  const url = parseUrl(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  return !!url && ['http:', 'https:'].includes(url.protocol) && url.hostname.includes('.');
}

/** Fields the create and edit forms share. */
const cardFields = {
  name: optionalText(200),
  opportunity_type_id: rowId.nullish(),
  source_type: z.enum(SOURCE_TYPES, MESSAGES.sourceRequired),
  media_id: rowId.nullish(),
  is_responsible: z.boolean().optional(),
  student_name: optionalText(200),
  student_document: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidCpf(v), MESSAGES.invalidCpf),
  description: optionalText(OPPORTUNITY_DESCRIPTION_MAX, MESSAGES.descriptionTooLong),
  campaign_id: rowId.nullish(),
  campaign_url: url,
  probability: probability.optional(),
  user_id: rowId.nullish(),
  product_id: rowId.nullish(),
  price: price.optional(),
  contact_id: rowId.nullish(),
  tags: z.array(rowId).max(MAX_TAGS, MESSAGES.tooManyTags).optional(),
};

/** POST /opportunities (opportunities.md §3 "Create payload"). */
export const opportunityCreateSchema = z.strictObject({
  ...cardFields,
  state_type: z.literal('Open').optional(),
  sales_stage_id: rowId.optional(),
  /** A new contact, or changes to the chosen one (then contact.id, if sent, equals contact_id). */
  contact: contactFieldsSchema.optional(),
});
export type OpportunityCreate = z.infer<typeof opportunityCreateSchema>;
export type OpportunityCreateInput = z.input<typeof opportunityCreateSchema>;

/** PUT /opportunities/{id}: any subset; the notes tab sends { id, description } alone. */
export const opportunityUpdateSchema = z.strictObject({
  ...cardFields,
  source_type: cardFields.source_type.optional(),
  id: rowId.optional(),
  /** Only the card's own workspace: moving it elsewhere is a transfer. */
  workspace_id: rowId.optional(),
  contact: contactFieldsSchema.partial({ name: true, phone_number: true }).optional(),
});
export type OpportunityUpdate = z.infer<typeof opportunityUpdateSchema>;
export type OpportunityUpdateInput = z.input<typeof opportunityUpdateSchema>;

/** PUT /opportunities/{id}/move-to. */
export const opportunityMoveSchema = z.strictObject({
  data: z.strictObject({
    sales_stage_id: rowId,
    /** 'top' puts the card above the column's others. */
    display_order: z.union([z.literal('top'), z.number()]).default('top'),
  }),
});
export type OpportunityMove = z.infer<typeof opportunityMoveSchema>;

/** PUT /opportunities/{id}/assign. */
export const opportunityAssignSchema = z.strictObject({
  user_id: rowId,
  opportunity_id: rowId.optional(),
});

/**
 * POST /opportunities/{id}/calls: a call an IVR or phone system made about the card. Answered (over the
 * threshold) it is logged as 'Ligação Realizada', otherwise as 'Tentativa de Ligação'.
 */
export const opportunityCallSchema = z.strictObject({
  duration_seconds: z.number().int().min(0).max(86_400),
  voip_username: z.string().trim().min(1).max(80).optional(),
  attempt: z.number().int().min(1).max(1000).optional(),
  recording_url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\//, MESSAGES.invalidUrl)
    .optional(),
});
export type OpportunityCall = z.infer<typeof opportunityCallSchema>;

/** PUT /opportunities/{id}/close (opportunities.md §7). */
export const opportunityCloseSchema = z.strictObject({
  id: rowId.optional(),
  workspace_id: rowId.optional(),
  data: z.discriminatedUnion('state_type', [
    z.strictObject({
      state_type: z.literal('Won'),
      closed_at: z.string().optional(),
      /** Also close the card's open chat room. */
      trigger_room_status: z.boolean().optional(),
    }),
    z.strictObject({
      state_type: z.literal('Lost'),
      closed_at: z.string().optional(),
      trigger_room_status: z.boolean().optional(),
      closed_type: rowId.nullish(),
      closed_description: optionalText(OPPORTUNITY_DESCRIPTION_MAX, MESSAGES.descriptionTooLong),
    }),
  ]),
});
export type OpportunityClose = z.infer<typeof opportunityCloseSchema>;

/** PUT /opportunities/{id}/reopen: back to Open, in the chosen open stage or the one it was closed from. */
/** GET /opportunities/{id}: the card answers its current room only, unless the older ones are asked for. */
export const opportunityDetailQuerySchema = z.strictObject({
  show_old_chats: queryBool,
});

export const opportunityReopenSchema = z.strictObject({
  sales_stage_id: rowId.optional(),
});

/** PUT /opportunities/{id}/recreate carries nothing: the card starts again in the first stage. */
export const opportunityRecreateSchema = z.strictObject({});

export const transferFields = {
  workspace_id: rowId,
  sales_stage_id: rowId.optional(),
  user_id: rowId.nullish(),
  keep_user_id: z.boolean().optional(),
  distribution: z.enum(TRANSFER_DISTRIBUTIONS).default('WorkspaceConfiguration'),
};

/** PUT /opportunities/{id}/transfer. */
export const opportunityTransferSchema = z.strictObject({
  ...transferFields,
  opportunity_id: rowId.optional(),
});
export type OpportunityTransfer = z.infer<typeof opportunityTransferSchema>;

/** POST /opportunities/batch-transfer. */
export const opportunityBatchTransferSchema = z.strictObject({
  ...transferFields,
  opportunity_ids: z.array(rowId).min(1).max(BATCH_TRANSFER_MAX),
});
export type OpportunityBatchTransfer = z.infer<typeof opportunityBatchTransferSchema>;

/** Answer of POST /opportunities/batch-transfer. */
export const opportunityBatchTransferResultSchema = z.object({ transferred: z.number().int() });
export type OpportunityBatchTransferResult = z.infer<typeof opportunityBatchTransferResultSchema>;
