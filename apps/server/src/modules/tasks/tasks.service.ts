import {
  type LogType,
  TASK_DAYS_RANGE_MAX,
  TASK_PARENT_TYPE,
  type TaskSortField,
} from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canChangeResponsible, seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import { isApiRole } from '@vendaval/core/roles';
import type {
  Task,
  TaskCreate,
  TaskDays,
  TaskDaysQuery,
  TaskEnd,
  TaskFilter,
  TaskListQuery,
  TaskSummary,
  TaskUpdate,
} from '@vendaval/core/schemas/tasks';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import type { Events, PublishingDeps } from '../../infra/events.ts';
import { type Page, pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { findInteractionType, findTaskType } from '../catalog/catalog.service.ts';
import { type HistoryInsert, recordHistory } from '../history/history.service.ts';
import { getOpportunityRef, recordFirstAnswer } from '../opportunities/opportunities.service.ts';
import { findMembership, isInHierarchyOf } from '../users/users.service.ts';
import * as q from './tasks.queries.ts';
import { taskStart, wallClockBefore, wallClockFrom } from './tasks.wall-clock.ts';

/** Bulk insert without rules or history (demo seed, imports). */
export const createTasks = (db: DbOrTx, scope: Scope, rows: q.TaskInsert[]) => q.insertTasks(db, scope, rows);

/** How many tasks a card has: the stage-change and close rules need at least one. */
/** Moves the tasks of transferred cards along with them (call inside the transfer's transaction). */
export const moveTasksOf = (db: DbOrTx, from: Scope, to: Scope, opportunityIds: number[]) =>
  q.moveTasks(db, from, to, opportunityIds);

/** A call or a room of a card, its rep, and whether it is still on. */
export type TaskHolderState = { opportunityId: number; userId: number | null; on: boolean } & (
  | { callId: number }
  | { dialogId: number }
);

/**
 * decisions.md §13: while a call or a room is on, the rep's open tasks on the card due by today are InProgress;
 * when it ends, or the room passes to another rep, they are NotStarted again unless something else holds them.
 * Runs in the call's or room's transaction; changed tasks reach the stream as `task.updated`.
 */
export async function followTaskHolder(tx: DbOrTx, events: Events, scope: Scope, state: TaskHolderState) {
  const link = 'callId' in state ? { callId: state.callId } : { dialogId: state.dialogId };
  const holder = state.on && state.userId !== null ? state.userId : null;
  const released = await q.releaseTasks(tx, scope, state.opportunityId, link, holder ?? undefined);
  const held =
    holder === null
      ? []
      : await q.holdTasks(tx, scope, { ...link, opportunityId: state.opportunityId, userId: holder });
  for (const id of new Set([...released, ...held].map((task) => task.id))) {
    await published(tx, scope, events, 'task.updated', toTask(await readView(tx, scope, id)));
  }
}

// ---- the tasks API ------------------------------------------------------------------------------

/** A salesRep sees and acts on the tasks they are responsible for, as with cards; other roles on all. */
const ownTasksOnly = (ctx: WorkspaceContext) => seesOnlyOwnOpportunities(ctx.role);

export async function listTasks(db: Db, ctx: WorkspaceContext, query: TaskListQuery): Promise<Page<Task>> {
  const page = {
    sort: query.sort.replace(/^-/, '') as TaskSortField,
    descending: query.sort.startsWith('-'),
    limit: query.limit,
    offset: query.offset,
    perDay: query.per_day,
  };
  const { rows, total } = await q.listTaskViews(db, ctx, conditionsOf(ctx, query), page);
  return pageOf(rows.map(toTask), total, query.limit, query.offset);
}

export async function summarizeTasks(
  db: Db,
  ctx: WorkspaceContext,
  filter: TaskFilter,
): Promise<TaskSummary> {
  const summary = await q.summarizeTasks(db, ctx, conditionsOf(ctx, filter));
  return { open: summary.open, overdue: summary.overdue, done_today: summary.doneToday };
}

const DAY_MS = 86_400_000;

/** How many tasks each Brasília day of a range of at most TASK_DAYS_RANGE_MAX days holds, under the filters. */
export async function countTasksPerDay(
  db: Db,
  ctx: WorkspaceContext,
  query: TaskDaysQuery,
): Promise<TaskDays> {
  const conditions = conditionsOf(ctx, query);
  const days = (Date.parse(`${conditions.before}Z`) - Date.parse(`${conditions.from}Z`)) / DAY_MS;
  if (days > TASK_DAYS_RANGE_MAX)
    throw badRequest(MESSAGES.taskDaysRangeTooLong(TASK_DAYS_RANGE_MAX), 'end_timestamp');
  return q.countTasksPerDay(db, ctx, conditions);
}

export async function getTask(db: Db, ctx: WorkspaceContext, id: number): Promise<Task> {
  const view = await q.findTaskView(db, ctx, id);
  if (!view || !mayActOn(ctx, view)) throw notFound(MESSAGES.notFound);
  return toTask(view);
}

export function createTask(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  input: TaskCreate,
): Promise<Task> {
  const registry = input.is_registry;
  // A registry is something done now: the time sent, if any, is not its time.
  const start = registry ? undefined : taskStart(input.start_timestamp ?? '', 'start_timestamp');
  return db.transaction(async (tx) => {
    await getOpportunityRef(tx, ctx, input.parent_id);
    const userId = input.user_id ?? ctx.userId;
    await checkResponsible(tx, ctx, userId);
    await checkListItems(tx, ctx, input);
    // A registry is contact made with the lead: a person's first one is the card's response time.
    if (registry && !isApiRole(ctx.role))
      await recordFirstAnswer(tx, events, ctx, input.parent_id, new Date());
    const id = await q.insertTask(
      tx,
      ctx,
      {
        opportunityId: input.parent_id,
        userId,
        name: input.name,
        taskTypeId: input.task_type_id,
        interactionTypeId: input.interaction_type_id,
        description: input.description,
        isRegistry: registry,
        startTimestamp: start,
      },
      { doneNow: registry },
    );
    const view = await readView(tx, ctx, id);
    await recordHistory(tx, ctx, logEntry(ctx, view, registry ? 'TaskRegistry' : 'TaskCreated'));
    return published(tx, ctx, events, 'task.created', toTask(view));
  });
}

/**
 * Saving a schedule opens it again ('Reabrir' when it was Completed) and logs a new time as a reschedule. A
 * registry keeps its status and its time: it records when something was done.
 */
export function updateTask(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  input: TaskUpdate,
): Promise<Task> {
  checkBodyId(input.id, id);
  const start =
    input.start_timestamp === undefined ? undefined : taskStart(input.start_timestamp, 'start_timestamp');
  return db.transaction(async (tx) => {
    const current = await lockOwnTask(tx, ctx, id);
    if (input.is_registry !== undefined && input.is_registry !== current.isRegistry) {
      throw badRequest(MESSAGES.registryFlagLocked, 'is_registry');
    }
    if (input.parent_id !== undefined && input.parent_id !== current.opportunityId) {
      await getOpportunityRef(tx, ctx, input.parent_id);
    }
    if (input.user_id !== undefined && input.user_id !== current.userId) {
      await checkResponsible(tx, ctx, input.user_id);
    }
    await checkListItems(tx, ctx, input);
    const scheduled = !current.isRegistry;
    const newStart = scheduled ? start : undefined;
    const changes = {
      name: input.name,
      userId: input.user_id,
      opportunityId: input.parent_id,
      taskTypeId: input.task_type_id,
      interactionTypeId: input.interaction_type_id,
      description: input.description,
      startTimestamp: newStart,
    };
    await q.updateTask(tx, ctx, id, changes, { reopen: scheduled });
    const view = await readView(tx, ctx, id);
    const entries: HistoryInsert[] = [];
    if (scheduled && current.status === 'Completed') entries.push(logEntry(ctx, view, 'TaskReopened'));
    if (newStart !== undefined && newStart !== current.startTimestamp.slice(0, 16)) {
      entries.push(
        logEntry(ctx, view, 'TaskRescheduled', {
          from_start_timestamp: current.startTimestamp.slice(0, 19),
          to_start_timestamp: view.startTimestamp.slice(0, 19),
        }),
      );
    }
    await recordHistory(tx, ctx, ...entries);
    return published(tx, ctx, events, 'task.updated', toTask(view));
  });
}

/** Completes a schedule now; the server's clock decides ended_at, whatever the client sends. */
export function endTask(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  input: TaskEnd,
): Promise<Task> {
  checkBodyId(input.id, id);
  return db.transaction(async (tx) => {
    const current = await lockOwnTask(tx, ctx, id);
    if (current.isRegistry) throw badRequest(MESSAGES.registryNotEndable);
    if (current.status === 'Completed') throw badRequest(MESSAGES.taskAlreadyCompleted);
    await checkListItems(tx, ctx, { interaction_type_id: input.interaction_type_id });
    await q.completeTask(tx, ctx, id, input.interaction_type_id);
    const view = await readView(tx, ctx, id);
    await recordHistory(tx, ctx, logEntry(ctx, view, 'TaskClosed'));
    return published(tx, ctx, events, 'task.completed', toTask(view));
  });
}

/** Publishes a task's change in the change's transaction, for the features that react to it; answers the task. */
async function published(tx: DbOrTx, ctx: Scope, events: Events, type: string, task: Task) {
  await events.publish(tx, {
    type,
    platformId: ctx.platformId,
    workspaceId: ctx.workspaceId,
    data: { task },
  });
  return task;
}

/** The deleted task goes out as it was, so a receiver knows what disappeared. */
export async function deleteTask({ db, events }: PublishingDeps, ctx: WorkspaceContext, id: number) {
  await db.transaction(async (tx) => {
    await lockOwnTask(tx, ctx, id);
    const view = await readView(tx, ctx, id);
    await q.deleteTask(tx, ctx, id);
    await recordHistory(
      tx,
      ctx,
      logEntry(ctx, view, view.isRegistry ? 'TaskRegistryDeleted' : 'TaskDeleted'),
    );
    await published(tx, ctx, events, 'task.deleted', toTask(view));
  });
  return { message: MESSAGES.taskDeleted };
}

// ---- rules ------------------------------------------------------------------------------------

const mayActOn = (ctx: WorkspaceContext, task: { userId: number | null }) =>
  !ownTasksOnly(ctx) || task.userId === ctx.userId;

async function lockOwnTask(tx: DbOrTx, ctx: WorkspaceContext, id: number) {
  const row = await q.lockTask(tx, ctx, id);
  if (!row || !mayActOn(ctx, row)) throw notFound(MESSAGES.notFound);
  return row;
}

async function readView(tx: DbOrTx, scope: Scope, id: number) {
  const view = await q.findTaskView(tx, scope, id);
  if (!view) throw notFound(MESSAGES.notFound);
  return view;
}

function checkBodyId(bodyId: number | undefined, pathId: number) {
  if (bodyId !== undefined && bodyId !== pathId) throw badRequest(MESSAGES.idMismatch, 'id');
}

/**
 * The responsible must be a member of this workspace (404 otherwise, like any foreign id); a salesRep may name
 * only themself — handing the card to someone else is the card's assign action — and anyone else only someone of
 * the hierarchy the task form lists (users-in-hierarchy).
 */
async function checkResponsible(tx: DbOrTx, ctx: WorkspaceContext, userId: number) {
  if (!(await findMembership(tx, ctx.platformId, ctx.workspaceId, userId))) {
    throw notFound(MESSAGES.responsibleNotFound);
  }
  if (userId !== ctx.userId && !canChangeResponsible(ctx.role)) {
    throw forbidden(MESSAGES.responsibleNotChangeable);
  }
  if (!(await isInHierarchyOf(tx, ctx, userId))) throw forbidden(MESSAGES.responsibleOutsideHierarchy);
}

async function checkListItems(
  tx: DbOrTx,
  scope: Scope,
  ids: { task_type_id?: number | undefined; interaction_type_id?: number | undefined },
) {
  if (ids.task_type_id !== undefined && !(await findTaskType(tx, scope, ids.task_type_id))) {
    throw notFound(MESSAGES.taskTypeNotFound);
  }
  if (
    ids.interaction_type_id !== undefined &&
    !(await findInteractionType(tx, scope, ids.interaction_type_id))
  ) {
    throw notFound(MESSAGES.interactionTypeNotFound);
  }
}

function conditionsOf(ctx: WorkspaceContext, f: TaskFilter): q.TaskConditions {
  return {
    ownerId: ownTasksOnly(ctx) ? ctx.userId : undefined,
    from: f.start_timestamp === undefined ? undefined : wallClockFrom(f.start_timestamp, 'start_timestamp'),
    before: f.end_timestamp === undefined ? undefined : wallClockBefore(f.end_timestamp, 'end_timestamp'),
    userIds: f.user_id,
    opportunityId: f.parent_id,
    statuses: f.task_status,
    onlyDelayed: f.only_delayed,
    taskTypeIds: f.task_type_id,
    interactionTypeIds: f.interaction_type_id,
    isRegistry: f.is_registry,
    productIds: f.product_id,
    sourceTypes: f.source_type,
    campaignIds: f.campaign_id,
    mediaIds: f.media_id,
    closedTypes: f.closed_type,
    salesStageIds: f.sales_stage_id,
    search: f.search || undefined,
  };
}

// ---- answers and history ----------------------------------------------------------------------

const named = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

function toTask(v: q.TaskView): Task {
  return {
    id: v.id,
    name: v.name,
    user_id: v.userId,
    user: named(v.userId, v.userName),
    parent_id: v.opportunityId,
    parent_type: TASK_PARENT_TYPE,
    opportunity: {
      id: v.opportunityId,
      name: v.opportunityName,
      sales_stage_id: v.salesStageId,
      state_type: v.stateType,
    },
    contact:
      v.contactId !== null && v.contactName !== null
        ? { id: v.contactId, name: v.contactName, phone_number: v.contactPhone }
        : null,
    task_type_id: v.taskTypeId,
    task_type: named(v.taskTypeId, v.taskTypeName),
    interaction_type_id: v.interactionTypeId,
    interaction_type: named(v.interactionTypeId, v.interactionTypeName),
    description: v.description,
    start_timestamp: v.startTimestamp.slice(0, 16),
    is_registry: v.isRegistry,
    ended_scheduled: v.endedScheduled,
    status: v.status,
    is_delayed: v.isDelayed,
    ended_at: v.endedAt?.toISOString() ?? null,
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
  };
}

/** A task entry of the history (opportunities.md §3): on the task's card and contact, by the caller. */
function logEntry(
  ctx: WorkspaceContext,
  v: q.TaskView,
  type: LogType,
  extra: Record<string, unknown> = {},
): HistoryInsert {
  return {
    type,
    opportunityId: v.opportunityId,
    contactId: v.cardContactId,
    userId: ctx.userId,
    taskId: v.id,
    data: {
      id: v.id,
      type_name: v.taskTypeName,
      end_type_name: v.interactionTypeName,
      status_name: v.status,
      description: v.description,
      start_timestamp: v.startTimestamp.slice(0, 19),
      ...extra,
    },
  };
}
