import { z } from 'zod';
import {
  LIST_LIMIT,
  SOURCE_TYPES,
  TASK_DESCRIPTION_MAX,
  TASK_PARENT_TYPE,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
  TASKS_PER_DAY_MAX,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { idSchema, queryBoolSchema, queryListSchema, rowIdSchema } from './common.ts';

const rowId = rowIdSchema;
const named = z.object({ id: z.number().int(), name: z.string() });

const isDateTime = (v: string) => !Number.isNaN(Date.parse(v.replace(' ', 'T')));
/** 'YYYY-MM-DD HH:mm' (seconds allowed): wall-clock Brasília time. */
export const TASK_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;
const taskDateTime = z
  .string({ error: MESSAGES.taskDateRequired })
  .regex(TASK_DATE_TIME, { error: MESSAGES.invalidDateTime, abort: true })
  .refine(isDateTime, MESSAGES.invalidDateTime)
  .transform((v) => v.replace('T', ' ').slice(0, 16));

/** A task as the API answers it (opportunities.md §3). */
export const taskSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user: named.nullable(),
  parent_id: z.number().int(),
  parent_type: z.literal(TASK_PARENT_TYPE),
  opportunity: z.object({
    id: z.number().int(),
    name: z.string(),
    sales_stage_id: z.number().int(),
    state_type: z.string(),
  }),
  contact: z
    .object({ id: z.number().int(), name: z.string(), phone_number: z.string().nullable() })
    .nullable(),
  task_type_id: z.number().int().nullable(),
  task_type: named.nullable(),
  interaction_type_id: z.number().int().nullable(),
  interaction_type: named.nullable(),
  description: z.string().nullable(),
  /** 'YYYY-MM-DD HH:mm'. */
  start_timestamp: z.string(),
  is_registry: z.boolean(),
  ended_scheduled: z.boolean(),
  status: z.enum(TASK_STATUSES),
  /** Open and its time has passed. */
  is_delayed: z.boolean(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

const description = z
  .string()
  .trim()
  .max(TASK_DESCRIPTION_MAX, MESSAGES.taskDescriptionTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /tasks. A registry is already done: it is saved as Completed at the current time. */
export const taskCreateSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => (v ? v : null)),
    user_id: rowId.nullish(),
    parent_id: z.number({ error: MESSAGES.opportunityRequired }).pipe(rowId),
    parent_type: z.literal(TASK_PARENT_TYPE).optional(),
    task_type_id: z.number({ error: MESSAGES.taskTypeRequired }).pipe(rowId),
    interaction_type_id: z.number({ error: MESSAGES.interactionTypeRequired }).pipe(rowId),
    description,
    start_timestamp: taskDateTime.optional(),
    is_registry: z.boolean().default(false),
  })
  .refine((t) => t.is_registry || t.start_timestamp !== undefined, {
    message: MESSAGES.taskDateRequired,
    path: ['start_timestamp'],
  });
export type TaskCreate = z.infer<typeof taskCreateSchema>;
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

/** PUT /tasks/{id}: saving a schedule again reopens it (NotStarted). is_registry may be sent but not changed. */
export const taskUpdateSchema = z.strictObject({
  id: rowId.optional(),
  name: taskCreateSchema.shape.name.optional(),
  user_id: rowId.optional(),
  parent_id: rowId.optional(),
  parent_type: z.literal(TASK_PARENT_TYPE).optional(),
  task_type_id: rowId.optional(),
  interaction_type_id: rowId.optional(),
  description: description.optional(),
  start_timestamp: taskDateTime.optional(),
  is_registry: z.boolean().optional(),
});
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

/** PUT /tasks/{id}/end. */
export const taskEndSchema = z.strictObject({
  id: rowId.optional(),
  status: z.literal('Completed').default('Completed'),
  ended_at: z.string().optional(),
  interaction_type_id: z.number({ error: MESSAGES.interactionTypeRequired }).pipe(rowId),
});
export type TaskEnd = z.infer<typeof taskEndSchema>;

const queryList = queryListSchema;
const queryId = idSchema;
const queryBool = queryBoolSchema;
const queryDateTime = z.string().refine(isDateTime, MESSAGES.invalidDateTime).optional();

/** GET /tasks and /tasks/summary: the task (agenda) filter state of platform.md §3. */
export const taskFilterSchema = z.strictObject({
  /** Wall-clock bounds on start_timestamp ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm'). */
  start_timestamp: queryDateTime,
  end_timestamp: queryDateTime,
  user_id: queryList(queryId),
  /** The card's id. */
  parent_id: queryId.optional(),
  task_status: queryList(z.enum(TASK_STATUSES)),
  only_delayed: queryBool,
  task_type_id: queryList(queryId),
  interaction_type_id: queryList(queryId),
  is_registry: queryBool,
  // Filters on the card the task belongs to.
  product_id: queryList(queryId),
  source_type: queryList(z.enum(SOURCE_TYPES)),
  campaign_id: queryList(queryId),
  media_id: queryList(queryId),
  closed_type: queryList(queryId),
  sales_stage_id: queryList(queryId),
  search: z.string().trim().max(200).optional(),
});
export type TaskFilter = z.infer<typeof taskFilterSchema>;

export const taskListQuerySchema = taskFilterSchema.extend({
  sort: z
    .string()
    .regex(new RegExp(`^-?(${TASK_SORT_FIELDS.join('|')})$`), MESSAGES.invalidBody)
    .default('start_timestamp'),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  /** At most this many tasks of each Brasília day, the earliest first (a month view's cells). */
  per_day: z.coerce.number().int().min(1).max(TASKS_PER_DAY_MAX).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/** GET /tasks/summary: open tasks, overdue ones and those completed today, under the same filters. */
export const taskSummarySchema = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  done_today: z.number().int(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

const rangeBound = z
  .string({ error: MESSAGES.taskDaysRangeRequired })
  .refine(isDateTime, MESSAGES.invalidDateTime);

/** GET /tasks/days: the filters of GET /tasks over a bounded range. */
export const taskDaysQuerySchema = taskFilterSchema.extend({
  start_timestamp: rangeBound,
  end_timestamp: rangeBound,
});
export type TaskDaysQuery = z.infer<typeof taskDaysQuerySchema>;

/** How many tasks each Brasília day of the range holds, days without tasks left out, in date order. */
export const taskDaysSchema = z.array(z.object({ day: z.string(), count: z.number().int() }));
export type TaskDays = z.infer<typeof taskDaysSchema>;
