import { z } from 'zod';
import { scheduleTemplateTypeSchema } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { roleSchema } from '../roles.ts';
import { paginationQuerySchema, rowIdSchema } from './common.ts';
import { TASK_DATE_TIME } from './tasks.ts';

export const SCHEDULE_NAME_MAX = 120;
/** An application of a template covers at most this many days. */
export const SCHEDULE_APPLY_DAYS_MAX = 92;

/** Weekdays as dayjs numbers them: 0 Sunday … 6 Saturday. */
export const WEEKDAY_LABELS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

export const SCHEDULE_TEMPLATE_TYPE_LABELS = { Routine: 'Rotina', Action: 'Ação' } as const;

const name = z
  .string()
  .trim()
  .min(1, MESSAGES.scheduleNameRequired)
  .max(SCHEDULE_NAME_MAX, MESSAGES.scheduleNameTooLong(SCHEDULE_NAME_MAX));
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.invalidDateTime);
const weekdays = z
  .array(z.number().int().min(0).max(6))
  .min(1, MESSAGES.scheduleWeekdaysRequired)
  .max(7)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));
/** A real calendar day: '2026-02-31' is refused here rather than by the database. */
const realDay = (v: string) => {
  const time = Date.parse(`${v.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v.slice(0, 10);
};
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && realDay(v);
const day = z.string().refine(isDate, MESSAGES.invalidDateTime);
const dateTime = z
  .string()
  .regex(TASK_DATE_TIME, { error: MESSAGES.invalidDateTime, abort: true })
  .refine(
    (v) => realDay(v) && Number(v.slice(11, 13)) < 24 && Number(v.slice(14, 16)) < 60,
    MESSAGES.invalidDateTime,
  )
  .transform((v) => v.replace('T', ' ').slice(0, 16));

// --- templates -------------------------------------------------------------------------------------------------

export const scheduleTemplateCreateSchema = z.strictObject({
  name,
  type: scheduleTemplateTypeSchema,
  description: z.string().trim().max(1000).optional(),
});
export type ScheduleTemplateCreate = z.infer<typeof scheduleTemplateCreateSchema>;

export const scheduleTemplateUpdateSchema = scheduleTemplateCreateSchema.partial();
export type ScheduleTemplateUpdate = z.infer<typeof scheduleTemplateUpdateSchema>;

export const scheduleTemplateListQuerySchema = paginationQuerySchema.extend({
  type: scheduleTemplateTypeSchema.optional(),
  search: z.string().trim().max(SCHEDULE_NAME_MAX).optional(),
});
export type ScheduleTemplateListQuery = z.infer<typeof scheduleTemplateListQuerySchema>;

export const scheduleTemplateSchema = z.object({
  id: z.number().int(),
  workspace: z.object({ id: z.number().int() }),
  name: z.string(),
  type: scheduleTemplateTypeSchema,
  description: z.string(),
  tasks_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScheduleTemplate = z.infer<typeof scheduleTemplateSchema>;

/** GET /schedule-templates/list: every template of the workspace for a picker. */
export const scheduleTemplateOptionSchema = scheduleTemplateSchema.pick({ id: true, name: true, type: true });
export const scheduleTemplateOptionsSchema = z.object({ data: z.array(scheduleTemplateOptionSchema) });
export type ScheduleTemplateOption = z.infer<typeof scheduleTemplateOptionSchema>;

// --- template tasks --------------------------------------------------------------------------------------------

/** A template task: the task, who does it (a role), when (weekdays and time) and, for an Action, its media and campaign. */
export const scheduleTemplateTaskCreateSchema = z.strictObject({
  task: name,
  role: roleSchema,
  media_id: rowIdSchema.nullable().optional(),
  campaign_id: rowIdSchema.nullable().optional(),
  weekdays,
  time,
});
export type ScheduleTemplateTaskCreate = z.infer<typeof scheduleTemplateTaskCreateSchema>;
export type ScheduleTemplateTaskCreateInput = z.input<typeof scheduleTemplateTaskCreateSchema>;

export const scheduleTemplateTaskUpdateSchema = scheduleTemplateTaskCreateSchema.partial();
export type ScheduleTemplateTaskUpdate = z.infer<typeof scheduleTemplateTaskUpdateSchema>;

/** POST /schedule-templates/{id}/tasks-batch-upsert: rows with an id change, rows without are added; delete_ids go. */
export const scheduleTemplateTaskBatchSchema = z.strictObject({
  tasks: z
    .array(scheduleTemplateTaskCreateSchema.extend({ id: rowIdSchema.optional() }))
    .max(200)
    .default([]),
  delete_ids: z.array(rowIdSchema).max(200).default([]),
});
export type ScheduleTemplateTaskBatch = z.infer<typeof scheduleTemplateTaskBatchSchema>;
export type ScheduleTemplateTaskBatchInput = z.input<typeof scheduleTemplateTaskBatchSchema>;

export const scheduleTemplateTaskSchema = z.object({
  id: z.number().int(),
  schedule_template_id: z.number().int(),
  task: z.string(),
  role: roleSchema,
  media_id: z.number().int().nullable(),
  campaign_id: z.number().int().nullable(),
  weekdays: z.array(z.number().int()),
  time: z.string(),
});
export type ScheduleTemplateTask = z.infer<typeof scheduleTemplateTaskSchema>;

// --- schedule tasks --------------------------------------------------------------------------------------------

export const scheduleTaskSchema = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  /** Wall-clock Brasília time, 'YYYY-MM-DD HH:mm:ss', like a card's task. */
  start_timestamp: z.string(),
  status: z.enum(['NotStarted', 'Completed']),
  ended_at: z.string().nullable(),
  schedule_template_id: z.number().int().nullable(),
  schedule_template_task_id: z.number().int().nullable(),
  media_id: z.number().int().nullable(),
  campaign_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScheduleTask = z.infer<typeof scheduleTaskSchema>;

export const scheduleTaskCreateSchema = z.strictObject({
  name,
  description: z.string().trim().max(1000).optional(),
  /** Defaults to the caller; only the schedule's managers give a task to someone else. */
  user_id: rowIdSchema.optional(),
  start_timestamp: dateTime,
  media_id: rowIdSchema.nullable().optional(),
  campaign_id: rowIdSchema.nullable().optional(),
});
export type ScheduleTaskCreate = z.infer<typeof scheduleTaskCreateSchema>;
export type ScheduleTaskCreateInput = z.input<typeof scheduleTaskCreateSchema>;

export const scheduleTaskUpdateSchema = scheduleTaskCreateSchema.partial();
export type ScheduleTaskUpdate = z.infer<typeof scheduleTaskUpdateSchema>;

export const scheduleTaskRescheduleSchema = z.strictObject({ start_timestamp: dateTime });
export type ScheduleTaskReschedule = z.infer<typeof scheduleTaskRescheduleSchema>;

export const scheduleTaskListQuerySchema = paginationQuerySchema.extend({
  /** Wall-clock bounds on start_timestamp, 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm'. */
  start_timestamp: z.union([day, dateTime]).optional(),
  end_timestamp: z.union([day, dateTime]).optional(),
  user_id: z.coerce.number().pipe(rowIdSchema).optional(),
  schedule_template_id: z.coerce.number().pipe(rowIdSchema).optional(),
});
export type ScheduleTaskListQuery = z.infer<typeof scheduleTaskListQuerySchema>;

// --- imported tasks (applying a template) ----------------------------------------------------------------------

/** POST /schedule-templates-tasks: import a template's tasks into the schedule of its roles' members over a range. */
export const scheduleImportSchema = z
  .strictObject({ schedule_template_id: rowIdSchema, start_date: day, end_date: day })
  .refine((v) => v.end_date >= v.start_date, { message: MESSAGES.scheduleRangeInvalid, path: ['end_date'] })
  .refine((v) => (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 < SCHEDULE_APPLY_DAYS_MAX, {
    message: MESSAGES.scheduleRangeTooLong(SCHEDULE_APPLY_DAYS_MAX),
    path: ['end_date'],
  });
export type ScheduleImport = z.infer<typeof scheduleImportSchema>;

export const scheduleImportResultSchema = z.object({
  created_count: z.number().int(),
  users_count: z.number().int(),
});
export type ScheduleImportResult = z.infer<typeof scheduleImportResultSchema>;

export const scheduleImportListQuerySchema = paginationQuerySchema.extend({
  schedule_template_id: z.coerce.number().pipe(rowIdSchema).optional(),
});
