import { z } from 'zod';
import { SOURCE_TYPES } from '../constants.ts';
import { MESSAGES, SCHEMA_MESSAGES } from '../messages.ts';
import { templateSendSchema } from './chat.ts';
import { rowIdSchema } from './common.ts';

/** How a new card arrived, as a "card created" trigger tells them apart. */
export const CARD_ORIGINS = ['form', 'import', 'chat', 'person'] as const;
export type CardOrigin = (typeof CARD_ORIGINS)[number];

export const AUTOMATION_TRIGGER_TYPES = [
  'card_created',
  'stage_changed',
  'won',
  'lost',
  'no_interaction',
  'task_overdue',
  'inbound_message',
  'date_reached',
  'schedule',
] as const;
export type AutomationTriggerType = (typeof AUTOMATION_TRIGGER_TYPES)[number];

export const AUTOMATION_ACTION_TYPES = [
  'move_stage',
  'assign',
  'add_tag',
  'remove_tag',
  'create_task',
  'webhook',
  'wait',
  'send_template',
  'notify',
] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

export const AUTOMATION_TRIGGER_LABELS: Readonly<Record<AutomationTriggerType, string>> = {
  card_created: 'Oportunidade criada',
  stage_changed: 'Mudança de etapa',
  won: 'Oportunidade ganha',
  lost: 'Oportunidade perdida',
  no_interaction: 'Sem interação',
  task_overdue: 'Tarefa atrasada',
  inbound_message: 'Mensagem recebida',
  date_reached: 'Data atingida',
  schedule: 'Agendamento diário',
};

export const AUTOMATION_ACTION_LABELS: Readonly<Record<AutomationActionType, string>> = {
  move_stage: 'Mover para etapa',
  assign: 'Atribuir responsável',
  add_tag: 'Adicionar tag',
  remove_tag: 'Remover tag',
  create_task: 'Criar tarefa',
  webhook: 'Chamar webhook',
  wait: 'Aguardar',
  send_template: 'Enviar template',
  notify: 'Notificar usuários',
};

export const TIME_UNITS = ['minutes', 'hours'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export const TIME_UNIT_MS: Readonly<Record<TimeUnit, number>> = { minutes: 60_000, hours: 3_600_000 };
/** A wait also counts business days (Monday to Friday). */
export const WAIT_UNITS = [...TIME_UNITS, 'business_days'] as const;
export type WaitUnit = (typeof WAIT_UNITS)[number];

/** The card dates a "date reached" trigger watches; a birthday comes back every year. */
export const AUTOMATION_DATE_FIELDS = ['created_at', 'recreated_at', 'contact_birthdate'] as const;
export type AutomationDateField = (typeof AUTOMATION_DATE_FIELDS)[number];
export const AUTOMATION_DATE_FIELD_LABELS: Readonly<Record<AutomationDateField, string>> = {
  created_at: 'Data de criação',
  recreated_at: 'Data de recriação',
  contact_birthdate: 'Aniversário do contato',
};

/** Who a "notify users" action tells: the card's rep, the workspace's managers, or chosen members. */
export const AUTOMATION_NOTIFY_TARGETS = ['rep', 'managers', 'members'] as const;
export type AutomationNotifyTarget = (typeof AUTOMATION_NOTIFY_TARGETS)[number];
export const AUTOMATION_NOTIFY_TARGET_LABELS: Readonly<Record<AutomationNotifyTarget, string>> = {
  rep: 'Responsável da oportunidade',
  managers: 'Gestores do workspace',
  members: 'Membros escolhidos',
};

/** How many automations an action may set off in a row before the chain is stopped as a loop. */
export const AUTOMATION_MAX_DEPTH = 3;
const MAX_ACTIONS = 30;
const MAX_WAIT = 60 * 24 * 90;

const ids = z.array(rowIdSchema).max(500).default([]);
const unit = z.enum(TIME_UNITS, { error: MESSAGES.automationUnitInvalid });
const waitUnit = z.enum(WAIT_UNITS, { error: MESSAGES.automationUnitInvalid });
const amount = z
  .number({ error: MESSAGES.automationAmountInvalid })
  .int(MESSAGES.automationAmountInvalid)
  .min(1, MESSAGES.automationAmountInvalid)
  .max(MAX_WAIT, MESSAGES.automationAmountInvalid);

export const automationTriggerSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('card_created'),
      /** Empty: any origin. */
      sources: z.array(z.enum(CARD_ORIGINS)).max(4).default([]),
    }),
    z.strictObject({ type: z.literal('stage_changed'), to_stage_id: rowIdSchema.nullable().default(null) }),
    z.strictObject({ type: z.literal('won') }),
    z.strictObject({ type: z.literal('lost') }),
    z.strictObject({
      type: z.literal('no_interaction'),
      hours: z
        .number({ error: MESSAGES.automationAmountInvalid })
        .int(MESSAGES.automationAmountInvalid)
        .min(1, MESSAGES.automationAmountInvalid)
        .max(24 * 90, MESSAGES.automationAmountInvalid),
    }),
    z.strictObject({ type: z.literal('task_overdue') }),
    /** A customer writes in a room of the card. */
    z.strictObject({ type: z.literal('inbound_message') }),
    /** The day a card date comes, `days_after` later (Brasília's calendar). */
    z.strictObject({
      type: z.literal('date_reached'),
      field: z.enum(AUTOMATION_DATE_FIELDS, { error: MESSAGES.automationDateFieldInvalid }),
      days_after: z
        .number({ error: MESSAGES.automationAmountInvalid })
        .int(MESSAGES.automationAmountInvalid)
        .min(0, MESSAGES.automationAmountInvalid)
        .max(365, MESSAGES.automationAmountInvalid)
        .default(0),
    }),
    /** Every day at this Brasília time, on each card the conditions reach then. */
    z.strictObject({
      type: z.literal('schedule'),
      time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.automationTimeInvalid),
    }),
  ],
  { error: MESSAGES.automationTriggerInvalid },
);
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;

/** A subset of the board's filter fields: a card matches when it meets every list that is not empty. */
export const automationConditionsSchema = z.strictObject({
  stage_ids: ids,
  source_types: z.array(z.enum(SOURCE_TYPES)).max(50).default([]),
  campaign_ids: ids,
  media_ids: ids,
  /** Any of these tags. */
  tag_ids: ids,
  user_ids: ids,
});
export type AutomationConditions = z.infer<typeof automationConditionsSchema>;

export const automationActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('move_stage'), stage_id: rowIdSchema }),
    /** To a person, or (no user) by the workspace's distribution. */
    z.strictObject({ type: z.literal('assign'), user_id: rowIdSchema.nullable().default(null) }),
    z.strictObject({ type: z.literal('add_tag'), tag_id: rowIdSchema }),
    z.strictObject({ type: z.literal('remove_tag'), tag_id: rowIdSchema }),
    z.strictObject({
      type: z.literal('create_task'),
      name: z.string().trim().max(200).nullable().default(null),
      task_type_id: rowIdSchema,
      interaction_type_id: rowIdSchema,
      due_in: amount,
      due_unit: unit,
    }),
    z.strictObject({ type: z.literal('webhook'), webhook_id: rowIdSchema }),
    z.strictObject({ type: z.literal('wait'), amount, unit: waitUnit }),
    /** A template to the card's contact through a bot: the one message that may go outside the 24-hour window. */
    z.strictObject({ type: z.literal('send_template'), bot_id: rowIdSchema, template: templateSendSchema }),
    z.strictObject({
      type: z.literal('notify'),
      to: z.enum(AUTOMATION_NOTIFY_TARGETS, { error: MESSAGES.automationNotifyTargetInvalid }),
      /** The members told when `to` is 'members'. */
      user_ids: ids,
      message: z.string().trim().min(1, MESSAGES.automationNotifyMessageRequired).max(300),
    }),
  ],
  { error: MESSAGES.automationActionInvalid },
);
export type AutomationAction = z.infer<typeof automationActionSchema>;

export const automationDefinitionSchema = z.strictObject({
  trigger: automationTriggerSchema,
  conditions: automationConditionsSchema.default({
    stage_ids: [],
    source_types: [],
    campaign_ids: [],
    media_ids: [],
    tag_ids: [],
    user_ids: [],
  }),
  actions: z
    .array(automationActionSchema)
    .min(1, MESSAGES.automationActionsRequired)
    .max(MAX_ACTIONS, MESSAGES.automationActionsTooMany),
});
export type AutomationDefinition = z.infer<typeof automationDefinitionSchema>;
export type AutomationDefinitionInput = z.input<typeof automationDefinitionSchema>;

const name = z.string().trim().min(1, MESSAGES.automationNameRequired).max(120);

export const automationCreateSchema = z.strictObject({
  name,
  definition: automationDefinitionSchema,
  enabled: z.boolean().default(true),
});
export type AutomationCreate = z.infer<typeof automationCreateSchema>;

/** Edits the draft (and the switch); published versions never change. */
export const automationUpdateSchema = z
  .strictObject({ name, definition: automationDefinitionSchema, enabled: z.boolean() })
  .partial();
export type AutomationUpdate = z.infer<typeof automationUpdateSchema>;

export const automationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  definition: automationDefinitionSchema,
  live_version_id: z.number().int().nullable(),
  live_version_number: z.number().int().nullable(),
  /** The draft differs from the live version (or nothing is published yet). */
  has_unpublished_changes: z.boolean(),
  /** How many runs the automation has started, on every version. */
  run_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;

export const automationVersionSchema = z.object({
  id: z.number().int(),
  automation_id: z.number().int(),
  number: z.number().int(),
  definition: automationDefinitionSchema,
  is_live: z.boolean(),
  published_at: z.string(),
  published_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AutomationVersion = z.infer<typeof automationVersionSchema>;

export const AUTOMATION_RUN_STATUSES = ['running', 'completed', 'failed', 'stopped', 'skipped'] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];
export const AUTOMATION_STEP_STATUSES = ['done', 'failed'] as const;
export type AutomationStepStatus = (typeof AUTOMATION_STEP_STATUSES)[number];

export const automationStepSchema = z.object({
  index: z.number().int(),
  type: z.enum(AUTOMATION_ACTION_TYPES),
  status: z.enum(AUTOMATION_STEP_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  executed_at: z.string(),
});

export const automationRunSchema = z.object({
  id: z.number().int(),
  version_id: z.number().int(),
  version_number: z.number().int(),
  opportunity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  trigger: z.enum(AUTOMATION_TRIGGER_TYPES),
  depth: z.number().int(),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  reason: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  steps: z.array(automationStepSchema),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;

const instant = z.iso.datetime({ offset: true, error: SCHEMA_MESSAGES.invalidDateTime });

/** The run log's page and period (the marketing-automation filter: start, end, date type). */
export const automationLogsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  start_timestamp: instant.optional(),
  end_timestamp: instant.optional(),
  date_type: z.enum(['started_at', 'finished_at']).default('started_at'),
});
export type AutomationLogsQuery = z.infer<typeof automationLogsQuerySchema>;

export const automationForecastSchema = z.strictObject({ definition: automationDefinitionSchema });
export const automationForecastResultSchema = z.object({
  count: z.number().int(),
  sample: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      sales_stage_id: z.number().int(),
      user_id: z.number().int().nullable(),
    }),
  ),
});
export type AutomationForecast = z.infer<typeof automationForecastResultSchema>;

/** How many waiting steps a sandbox's clock made due at once. */
export const automationEndWaitsResultSchema = z.object({ started: z.number().int() });
export type AutomationEndWaitsResult = z.infer<typeof automationEndWaitsResultSchema>;
