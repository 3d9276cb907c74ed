import { MESSAGES } from '@vendaval/core/messages';
import { canManageSchedule } from '@vendaval/core/permissions';
import type {
  ScheduleImport,
  ScheduleTask,
  ScheduleTaskCreate,
  ScheduleTaskListQuery,
  ScheduleTaskReschedule,
  ScheduleTaskUpdate,
  ScheduleTemplate,
  ScheduleTemplateCreate,
  ScheduleTemplateListQuery,
  ScheduleTemplateTask,
  ScheduleTemplateTaskBatch,
  ScheduleTemplateTaskCreate,
  ScheduleTemplateTaskUpdate,
  ScheduleTemplateUpdate,
} from '@vendaval/core/schemas/schedule';
import dayjs from 'dayjs';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { findLookupItem } from '../catalog/catalog.service.ts';
import { findMembership } from '../users/users.service.ts';
import * as q from './schedule.queries.ts';

function toTemplate(row: { template: q.TemplateRow; tasksCount: number }): ScheduleTemplate {
  const t = row.template;
  return {
    id: t.id,
    workspace: { id: t.workspaceId },
    name: t.name,
    type: t.type,
    description: t.description,
    tasks_count: row.tasksCount,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

function toTemplateTask(row: q.TemplateTaskRow): ScheduleTemplateTask {
  return {
    id: row.id,
    schedule_template_id: row.templateId,
    task: row.task,
    role: row.role,
    media_id: row.mediaId,
    campaign_id: row.campaignId,
    weekdays: row.weekdays,
    time: row.time,
  };
}

function toScheduleTask(row: q.ScheduleTaskRow): ScheduleTask {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    start_timestamp: row.startTimestamp.replace('T', ' ').slice(0, 19),
    status: row.status,
    ended_at: row.endedAt?.toISOString() ?? null,
    schedule_template_id: row.templateId,
    schedule_template_task_id: row.templateTaskId,
    media_id: row.mediaId,
    campaign_id: row.campaignId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function assertManager(ctx: WorkspaceContext) {
  if (!canManageSchedule(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

async function templateOf(db: DbOrTx, ctx: Scope, id: number) {
  const row = await q.findTemplate(db, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

/** Media and campaign must be items of this workspace; a foreign id answers like a missing one. */
async function assertLookups(
  db: DbOrTx,
  ctx: Scope,
  ids: { media_id?: number | null | undefined; campaign_id?: number | null | undefined },
) {
  if (ids.media_id != null && !(await findLookupItem(db, ctx, 'medias', ids.media_id)))
    throw badRequest(MESSAGES.notFound, 'media_id');
  if (ids.campaign_id != null && !(await findLookupItem(db, ctx, 'campaigns', ids.campaign_id)))
    throw badRequest(MESSAGES.notFound, 'campaign_id');
}

// --- templates -------------------------------------------------------------------------------------------------

export async function listTemplates(db: Db, ctx: WorkspaceContext, query: ScheduleTemplateListQuery) {
  const { rows, total } = await q.listTemplates(db, ctx, query, query);
  return pageOf(rows.map(toTemplate), total, query.limit, query.offset);
}

export async function templateOptions(db: Db, ctx: WorkspaceContext) {
  return { data: await q.templateOptions(db, ctx) };
}

export async function getTemplate(db: Db, ctx: WorkspaceContext, id: number) {
  return toTemplate(await templateOf(db, ctx, id));
}

export async function createTemplate(db: Db, ctx: WorkspaceContext, body: ScheduleTemplateCreate) {
  assertManager(ctx);
  const row = await q.insertTemplate(db, ctx, {
    name: body.name,
    type: body.type,
    description: body.description ?? '',
  });
  return toTemplate({ template: row, tasksCount: 0 });
}

export async function updateTemplate(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  body: ScheduleTemplateUpdate,
) {
  assertManager(ctx);
  await templateOf(db, ctx, id);
  await q.updateTemplate(db, ctx, id, {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.type !== undefined && { type: body.type }),
    ...(body.description !== undefined && { description: body.description }),
  });
  return toTemplate(await templateOf(db, ctx, id));
}

/** Its imported tasks stay in the members' schedules (they only lose the link to the template). */
export async function deleteTemplate(db: Db, ctx: WorkspaceContext, id: number) {
  assertManager(ctx);
  await templateOf(db, ctx, id);
  await q.deleteTemplate(db, ctx, id);
  return { message: 'ok' };
}

// --- template tasks --------------------------------------------------------------------------------------------

/** An Action's task is done on a media; a Routine's may name one but needs none. */
function assertTaskFits(
  template: q.TemplateRow,
  task: { media_id?: number | null | undefined },
  field = 'media_id',
) {
  if (template.type === 'Action' && task.media_id == null)
    throw badRequest(MESSAGES.scheduleActionMediaRequired, field);
}

const taskValues = (body: ScheduleTemplateTaskUpdate) => ({
  ...(body.task !== undefined && { task: body.task }),
  ...(body.role !== undefined && { role: body.role }),
  ...(body.media_id !== undefined && { mediaId: body.media_id }),
  ...(body.campaign_id !== undefined && { campaignId: body.campaign_id }),
  ...(body.weekdays !== undefined && { weekdays: body.weekdays }),
  ...(body.time !== undefined && { time: body.time }),
});

export async function listTemplateTasks(db: Db, ctx: WorkspaceContext, templateId: number) {
  await templateOf(db, ctx, templateId);
  const rows = await q.listTemplateTasks(db, ctx, templateId);
  return pageOf(rows.map(toTemplateTask), rows.length, Math.max(rows.length, 1), 0);
}

export async function getTemplateTask(db: Db, ctx: WorkspaceContext, templateId: number, id: number) {
  await templateOf(db, ctx, templateId);
  const row = await q.findTemplateTask(db, ctx, templateId, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return toTemplateTask(row);
}

export async function createTemplateTask(
  db: Db,
  ctx: WorkspaceContext,
  templateId: number,
  body: ScheduleTemplateTaskCreate,
) {
  assertManager(ctx);
  const { template } = await templateOf(db, ctx, templateId);
  assertTaskFits(template, body);
  await assertLookups(db, ctx, body);
  const row = await q.insertTemplateTask(db, ctx, {
    templateId,
    task: body.task,
    role: body.role,
    mediaId: body.media_id ?? null,
    campaignId: body.campaign_id ?? null,
    weekdays: body.weekdays,
    time: body.time,
  });
  return toTemplateTask(row);
}

/** POST /schedule-templates/{id}/tasks/{taskId}: a partial change of one template task. */
export async function updateTemplateTask(
  db: Db,
  ctx: WorkspaceContext,
  templateId: number,
  id: number,
  body: ScheduleTemplateTaskUpdate,
) {
  assertManager(ctx);
  const { template } = await templateOf(db, ctx, templateId);
  const current = await q.findTemplateTask(db, ctx, templateId, id);
  if (!current) throw notFound(MESSAGES.notFound);
  assertTaskFits(template, { media_id: body.media_id === undefined ? current.mediaId : body.media_id });
  await assertLookups(db, ctx, body);
  const row = await q.updateTemplateTask(db, ctx, templateId, id, taskValues(body));
  if (!row) throw notFound(MESSAGES.notFound);
  return toTemplateTask(row);
}

export async function deleteTemplateTask(db: Db, ctx: WorkspaceContext, templateId: number, id: number) {
  assertManager(ctx);
  await templateOf(db, ctx, templateId);
  const gone = await q.deleteTemplateTasks(db, ctx, templateId, [id]);
  if (gone.length === 0) throw notFound(MESSAGES.notFound);
  return { message: 'ok' };
}

/** Every row checked first, then all written in one transaction: a bad row changes nothing. */
export async function batchUpsertTemplateTasks(
  db: Db,
  ctx: WorkspaceContext,
  templateId: number,
  body: ScheduleTemplateTaskBatch,
) {
  assertManager(ctx);
  const { template } = await templateOf(db, ctx, templateId);
  const existing = new Set((await q.listTemplateTasks(db, ctx, templateId)).map((t) => t.id));
  for (const [i, task] of body.tasks.entries()) {
    if (task.id !== undefined && !existing.has(task.id)) throw badRequest(MESSAGES.notFound, `tasks.${i}.id`);
    assertTaskFits(template, task, `tasks.${i}.media_id`);
    await assertLookups(db, ctx, task);
  }
  for (const [i, id] of body.delete_ids.entries())
    if (!existing.has(id)) throw badRequest(MESSAGES.notFound, `delete_ids.${i}`);
  await db.transaction(async (tx) => {
    if (body.delete_ids.length > 0) await q.deleteTemplateTasks(tx, ctx, templateId, body.delete_ids);
    for (const task of body.tasks) {
      const { id, ...rest } = task;
      if (id !== undefined) await q.updateTemplateTask(tx, ctx, templateId, id, taskValues(rest));
      else
        await q.insertTemplateTask(tx, ctx, {
          templateId,
          task: rest.task,
          role: rest.role,
          mediaId: rest.media_id ?? null,
          campaignId: rest.campaign_id ?? null,
          weekdays: rest.weekdays,
          time: rest.time,
        });
    }
  });
  return listTemplateTasks(db, ctx, templateId);
}

// --- imported tasks --------------------------------------------------------------------------------------------

/**
 * Applying a template: each of its tasks becomes a schedule task of every member holding the task's role, on each
 * day of the range whose weekday it names, at its time. Applying again over the same days adds nothing twice.
 */
export async function importTemplate(db: Db, ctx: WorkspaceContext, body: ScheduleImport) {
  assertManager(ctx);
  const { template } = await templateOf(db, ctx, body.schedule_template_id);
  const tasks = await q.listTemplateTasks(db, ctx, template.id);
  const people = await q.membersWithRoles(db, ctx, [...new Set(tasks.map((t) => t.role))]);
  const rows: q.ScheduleTaskInsert[] = [];
  const users = new Set<number>();
  const last = dayjs(body.end_date);
  for (let day = dayjs(body.start_date); !day.isAfter(last, 'day'); day = day.add(1, 'day')) {
    for (const task of tasks) {
      if (!task.weekdays.includes(day.day())) continue;
      for (const person of people) {
        if (person.role !== task.role) continue;
        users.add(person.userId);
        rows.push({
          userId: person.userId,
          name: task.task,
          description: template.name,
          startTimestamp: `${day.format('YYYY-MM-DD')} ${task.time}:00`,
          templateId: template.id,
          templateTaskId: task.id,
          mediaId: task.mediaId,
          campaignId: task.campaignId,
          createdBy: ctx.userId,
        });
      }
    }
  }
  const created = await db.transaction((tx) => q.insertImportedTasks(tx, ctx, rows));
  return { created_count: created, users_count: users.size };
}

export async function listImportedTasks(
  db: Db,
  ctx: WorkspaceContext,
  query: { schedule_template_id?: number | undefined; limit: number; offset: number },
) {
  const { rows, total } = await q.listScheduleTasks(
    db,
    ctx,
    {
      templateId: query.schedule_template_id,
      importedOnly: true,
      userId: canManageSchedule(ctx.role) ? undefined : ctx.userId,
    },
    query,
  );
  return pageOf(rows.map(toScheduleTask), total, query.limit, query.offset);
}

// --- schedule tasks --------------------------------------------------------------------------------------------

/** Who does not manage the schedule sees and works only their own tasks; another's answers 404. */
async function scheduleTaskOf(db: DbOrTx, ctx: WorkspaceContext, id: number) {
  const row = await q.findScheduleTask(db, ctx, id);
  if (!row || (!canManageSchedule(ctx.role) && row.userId !== ctx.userId)) throw notFound(MESSAGES.notFound);
  return row;
}

async function assertAssignee(db: DbOrTx, ctx: WorkspaceContext, userId: number | undefined) {
  if (userId === undefined || userId === ctx.userId) return;
  if (!canManageSchedule(ctx.role)) throw forbidden(MESSAGES.forbidden);
  if (!(await findMembership(db, ctx.platformId, ctx.workspaceId, userId)))
    throw badRequest(MESSAGES.scheduleUserNotMember, 'user_id');
}

export async function listScheduleTasks(db: Db, ctx: WorkspaceContext, query: ScheduleTaskListQuery) {
  const mine = !canManageSchedule(ctx.role);
  const { rows, total } = await q.listScheduleTasks(
    db,
    ctx,
    {
      from: query.start_timestamp,
      until: query.end_timestamp,
      userId: mine ? ctx.userId : query.user_id,
      templateId: query.schedule_template_id,
    },
    query,
  );
  return pageOf(rows.map(toScheduleTask), total, query.limit, query.offset);
}

export async function getScheduleTask(db: Db, ctx: WorkspaceContext, id: number) {
  return toScheduleTask(await scheduleTaskOf(db, ctx, id));
}

export async function createScheduleTask(db: Db, ctx: WorkspaceContext, body: ScheduleTaskCreate) {
  await assertAssignee(db, ctx, body.user_id);
  await assertLookups(db, ctx, body);
  const row = await q.insertScheduleTask(db, ctx, {
    userId: body.user_id ?? ctx.userId,
    name: body.name,
    description: body.description ?? '',
    startTimestamp: `${body.start_timestamp}:00`,
    mediaId: body.media_id ?? null,
    campaignId: body.campaign_id ?? null,
    createdBy: ctx.userId,
  });
  return toScheduleTask(row);
}

export async function updateScheduleTask(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  body: ScheduleTaskUpdate,
) {
  await scheduleTaskOf(db, ctx, id);
  await assertAssignee(db, ctx, body.user_id);
  await assertLookups(db, ctx, body);
  const row = await q.updateScheduleTask(db, ctx, id, {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.user_id !== undefined && { userId: body.user_id }),
    ...(body.start_timestamp !== undefined && { startTimestamp: `${body.start_timestamp}:00` }),
    ...(body.media_id !== undefined && { mediaId: body.media_id }),
    ...(body.campaign_id !== undefined && { campaignId: body.campaign_id }),
  });
  return toScheduleTask(row);
}

/** Only the schedule's managers remove a task; a member ends or reschedules theirs. */
export async function deleteScheduleTask(db: Db, ctx: WorkspaceContext, id: number) {
  await scheduleTaskOf(db, ctx, id);
  assertManager(ctx);
  await q.deleteScheduleTask(db, ctx, id);
  return { message: 'ok' };
}

export async function endScheduleTask(db: Db, ctx: WorkspaceContext, id: number) {
  const current = await scheduleTaskOf(db, ctx, id);
  if (current.status === 'Completed') return toScheduleTask(current);
  return toScheduleTask(
    await q.updateScheduleTask(db, ctx, id, { status: 'Completed', endedAt: new Date() }),
  );
}

export async function rescheduleScheduleTask(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  body: ScheduleTaskReschedule,
) {
  await scheduleTaskOf(db, ctx, id);
  return toScheduleTask(
    await q.updateScheduleTask(db, ctx, id, {
      startTimestamp: `${body.start_timestamp}:00`,
      status: 'NotStarted',
      endedAt: null,
    }),
  );
}
