import type {
  PdcaIndicator,
  PdcaState,
  PlanningPhase,
  PlanningType,
  ScheduleTemplateType,
} from '@vendaval/core/constants';
import type { Role } from '@vendaval/core/roles';
import type { PlanningGoal, PlanningPhaseEntry } from '@vendaval/core/schemas/planning';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns, medias } from './catalog.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

export interface PlanningMediaMonth {
  month: number;
  budget: number;
  expected_leads: number;
}

/** A unit's commercial plan of one year: its phase, month range, monthly goals and the funnel's rates. */
export const plannings = pgTable(
  'plannings',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    year: integer('year').notNull(),
    /** The regular plan, or the graduation intake's 5W2H action plan; one of each per year. */
    type: text('type').$type<PlanningType>().notNull().default('regular'),
    phase: text('phase').$type<PlanningPhase>().notNull().default('PrePlanning'),
    startMonth: integer('start_month').notNull().default(1),
    endMonth: integer('end_month').notNull().default(12),
    /** One entry per month that has goals, in month order. */
    goals: jsonb('goals').$type<PlanningGoal[]>().notNull().default(sql`'[]'::jsonb`),
    /** Percent; null takes the workspace's real rate from its cards. */
    leadToVisitRate: numeric('lead_to_visit_rate', { precision: 5, scale: 2, mode: 'number' }),
    visitToEnrollmentRate: numeric('visit_to_enrollment_rate', { precision: 5, scale: 2, mode: 'number' }),
    /** Every phase change with its comment, oldest first: a send back's reason is kept. */
    phaseHistory: jsonb('phase_history').$type<PlanningPhaseEntry[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('plannings_scope_year_type_uq').on(t.platformId, t.workspaceId, t.type, t.year),
    index('plannings_scope_created_idx').on(t.platformId, t.workspaceId, t.createdAt),
  ],
);

/** The media plan: a media (and campaign) of the plan with its budget and expected leads per month. */
export const planningMedias = pgTable(
  'planning_medias',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    planningId: integer('planning_id')
      .notNull()
      .references(() => plannings.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => medias.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    months: jsonb('months').$type<PlanningMediaMonth[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  (t) => [
    index('planning_medias_scope_plan_idx').on(t.platformId, t.workspaceId, t.planningId, t.id),
    // One line per media and campaign (no campaign counts as one).
    uniqueIndex('planning_medias_scope_media_uq').on(
      t.platformId,
      t.workspaceId,
      t.planningId,
      t.mediaId,
      sql`coalesce(${t.campaignId}, 0)`,
    ),
  ],
);

/** A 5W2H action of the plan. */
export const planningActions = pgTable(
  'planning_actions',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    planningId: integer('planning_id')
      .notNull()
      .references(() => plannings.id, { onDelete: 'cascade' }),
    what: text('what').notNull(),
    why: text('why').notNull().default(''),
    where: text('where').notNull().default(''),
    when: date('when', { mode: 'string' }).notNull(),
    whoUserId: integer('who_user_id').references(() => users.id, { onDelete: 'set null' }),
    how: text('how').notNull().default(''),
    howMuch: numeric('how_much', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    mediaId: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The PDCA: what the action is checked by, the count it aims at, its step, and what is done when it falls short. */
    indicator: text('indicator').$type<PdcaIndicator>(),
    target: integer('target'),
    pdcaState: text('pdca_state').$type<PdcaState>().notNull().default('Plan'),
    correctiveAction: text('corrective_action').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('planning_actions_scope_plan_idx').on(t.platformId, t.workspaceId, t.planningId, t.when, t.id),
  ],
);

/** A schedule template: a Routine (a role's recurring tasks) or an Action (tasks of a campaign on a media). */
export const scheduleTemplates = pgTable(
  'schedule_templates',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    type: text('type').$type<ScheduleTemplateType>().notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('schedule_templates_scope_idx').on(t.platformId, t.workspaceId, t.type, t.id)],
);

/** A task of a template: what, for which role, on which weekdays at what time, and for an Action its media. */
export const scheduleTemplateTasks = pgTable(
  'schedule_template_tasks',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    templateId: integer('template_id')
      .notNull()
      .references(() => scheduleTemplates.id, { onDelete: 'cascade' }),
    task: text('task').notNull(),
    role: text('role').$type<Role>().notNull(),
    mediaId: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** dayjs weekday numbers, 0 Sunday … 6 Saturday, ascending. */
    weekdays: integer('weekdays').array().notNull().default(sql`'{}'::integer[]`),
    /** 'HH:mm', Brasília wall clock. */
    time: text('time').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('schedule_template_tasks_scope_idx').on(t.platformId, t.workspaceId, t.templateId, t.id),
    index('schedule_template_tasks_role_idx').on(t.platformId, t.workspaceId, t.role, t.mediaId),
  ],
);

/** A task of a member's schedule (not tied to a card): made by hand or imported from a template. */
export const scheduleTasks = pgTable(
  'schedule_tasks',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Wall-clock time in the workspace's time zone (America/Sao_Paulo), like a card's task. */
    startTimestamp: timestamp('start_timestamp', { mode: 'string' }).notNull(),
    status: text('status').$type<'NotStarted' | 'Completed'>().notNull().default('NotStarted'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    templateId: integer('template_id').references(() => scheduleTemplates.id, { onDelete: 'set null' }),
    templateTaskId: integer('template_task_id').references(() => scheduleTemplateTasks.id, {
      onDelete: 'set null',
    }),
    mediaId: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('schedule_tasks_user_start_idx').on(t.platformId, t.workspaceId, t.userId, t.startTimestamp),
    index('schedule_tasks_start_idx').on(t.platformId, t.workspaceId, t.startTimestamp),
    // Applying a template twice over the same days adds nothing.
    uniqueIndex('schedule_tasks_import_uq').on(
      t.platformId,
      t.workspaceId,
      t.templateTaskId,
      t.userId,
      t.startTimestamp,
    ),
  ],
);
