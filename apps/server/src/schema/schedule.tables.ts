import type { ScheduleTemplateType } from '@vendaval/core/constants';
import type { Role } from '@vendaval/core/roles';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns, medias } from './catalog.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

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
