import {
  APP_TIME_ZONE,
  type SourceType,
  type TaskSortField,
  type TaskStatus,
} from '@vendaval/core/constants';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { interactionTypes, taskTypes } from '../../schema/catalog.tables.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { tasks } from '../../schema/tasks.tables.ts';
import { users } from '../../schema/users.tables.ts';

export type TaskInsert = Omit<typeof tasks.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

export function insertTasks(db: DbOrTx, scope: Scope, rows: TaskInsert[]) {
  return db
    .insert(tasks)
    .values(rows.map((r) => ({ ...r, platformId: scope.platformId, workspaceId: scope.workspaceId })))
    .returning();
}

/**
 * The tasks of cards transferred to another workspace go with them. Their action and interaction type are
 * lists of the old workspace: each is swapped for the target's item of the same name, or cleared.
 */
export async function moveTasks(db: DbOrTx, from: Scope, to: Scope, opportunityIds: number[]) {
  if (opportunityIds.length === 0) return;
  const sameName = (table: typeof taskTypes | typeof interactionTypes, column: AnyPgColumn) => sql`(
    select target.id from ${table} target join ${table} source on lower(source.name) = lower(target.name)
    where source.id = ${column} and target.platform_id = ${to.platformId} and target.workspace_id = ${to.workspaceId}
    limit 1)`;
  await db
    .update(tasks)
    .set({
      workspaceId: to.workspaceId,
      taskTypeId: sameName(taskTypes, tasks.taskTypeId),
      interactionTypeId: sameName(interactionTypes, tasks.interactionTypeId),
      // The call and room of the old workspace no longer hold them.
      linkedCallId: null,
      linkedDialogId: null,
      status: sql`case when ${tasks.status} = 'InProgress' then 'NotStarted' else ${tasks.status} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(tasks.platformId, from.platformId),
        eq(tasks.workspaceId, from.workspaceId),
        inArray(tasks.opportunityId, opportunityIds),
      ),
    );
}

// ---- the tasks API ------------------------------------------------------------------------------

/** Brasília wall-clock "now", the same on PGlite and PostgreSQL (start_timestamp holds wall-clock time). */
const ZONE = sql.raw(`'${APP_TIME_ZONE}'`);
const wallClockNow = sql`(now() at time zone ${ZONE})`;
const isOpen = ne(tasks.status, 'Completed');
const isDelayed = and(isOpen, lt(tasks.startTimestamp, wallClockNow)) as SQL;
const endedToday = sql`(${tasks.endedAt} at time zone ${ZONE})::date = ${wallClockNow}::date`;

/** InProgress while a call or a room holds the task, NotStarted otherwise (for a task that is not Completed). */
const openStatus = sql<TaskStatus>`case when ${tasks.linkedCallId} is not null or ${tasks.linkedDialogId} is not null
  then 'InProgress' else 'NotStarted' end`;

const taskScope = (scope: Scope) =>
  and(eq(tasks.platformId, scope.platformId), eq(tasks.workspaceId, scope.workspaceId));
const cardJoin = (scope: Scope) =>
  and(
    eq(opportunities.id, tasks.opportunityId),
    eq(opportunities.platformId, scope.platformId),
    eq(opportunities.workspaceId, scope.workspaceId),
  );

/** Which tasks a list or summary covers; bounds are wall-clock 'YYYY-MM-DD HH:mm:ss', `before` exclusive. */
export interface TaskConditions {
  /** Set for a salesRep: only the tasks they are responsible for. */
  ownerId?: number;
  from?: string;
  before?: string;
  userIds?: number[];
  opportunityId?: number;
  statuses?: TaskStatus[];
  onlyDelayed?: boolean;
  taskTypeIds?: number[];
  interactionTypeIds?: number[];
  isRegistry?: boolean;
  productIds?: number[];
  sourceTypes?: SourceType[];
  campaignIds?: number[];
  mediaIds?: number[];
  closedTypes?: number[];
  salesStageIds?: number[];
  search?: string;
}

const some = <T>(list: T[] | undefined): list is T[] => list !== undefined && list.length > 0;
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function taskWhere(scope: Scope, c: TaskConditions): SQL {
  return and(
    taskScope(scope),
    c.ownerId === undefined ? undefined : eq(tasks.userId, c.ownerId),
    c.from === undefined ? undefined : gte(tasks.startTimestamp, c.from),
    c.before === undefined ? undefined : lt(tasks.startTimestamp, c.before),
    some(c.userIds) ? inArray(tasks.userId, c.userIds) : undefined,
    c.opportunityId === undefined ? undefined : eq(tasks.opportunityId, c.opportunityId),
    some(c.statuses) ? inArray(tasks.status, c.statuses) : undefined,
    c.onlyDelayed ? isDelayed : undefined,
    some(c.taskTypeIds) ? inArray(tasks.taskTypeId, c.taskTypeIds) : undefined,
    some(c.interactionTypeIds) ? inArray(tasks.interactionTypeId, c.interactionTypeIds) : undefined,
    c.isRegistry === undefined ? undefined : eq(tasks.isRegistry, c.isRegistry),
    some(c.productIds) ? inArray(opportunities.productId, c.productIds) : undefined,
    some(c.sourceTypes) ? inArray(opportunities.sourceType, c.sourceTypes) : undefined,
    some(c.campaignIds) ? inArray(opportunities.campaignId, c.campaignIds) : undefined,
    some(c.mediaIds) ? inArray(opportunities.mediaId, c.mediaIds) : undefined,
    some(c.closedTypes) ? inArray(opportunities.closedType, c.closedTypes) : undefined,
    some(c.salesStageIds) ? inArray(opportunities.salesStageId, c.salesStageIds) : undefined,
    c.search
      ? or(ilike(tasks.name, containing(c.search)), ilike(opportunities.name, containing(c.search)))
      : undefined,
  ) as SQL;
}

/** Whether the conditions read the card's columns, so a count must join it. */
const needsCard = (c: TaskConditions) =>
  Boolean(
    c.search ||
      some(c.productIds) ||
      some(c.sourceTypes) ||
      some(c.campaignIds) ||
      some(c.mediaIds) ||
      some(c.closedTypes) ||
      some(c.salesStageIds),
  );

const taskView = {
  id: tasks.id,
  name: tasks.name,
  userId: tasks.userId,
  userName: users.name,
  opportunityId: tasks.opportunityId,
  opportunityName: opportunities.name,
  salesStageId: opportunities.salesStageId,
  stateType: opportunities.stateType,
  cardContactId: opportunities.contactId,
  contactId: contacts.id,
  contactName: contacts.name,
  contactPhone: contacts.phoneNumber,
  taskTypeId: tasks.taskTypeId,
  taskTypeName: taskTypes.name,
  interactionTypeId: tasks.interactionTypeId,
  interactionTypeName: interactionTypes.name,
  description: tasks.description,
  startTimestamp: tasks.startTimestamp,
  isRegistry: tasks.isRegistry,
  endedScheduled: tasks.endedScheduled,
  status: tasks.status,
  isDelayed: sql<boolean>`coalesce(${isDelayed}, false)`,
  endedAt: tasks.endedAt,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

/** Tasks with the names the client shows (person, card, contact, action, interaction) in one query. */
function selectTaskViews(db: DbOrTx, scope: Scope) {
  return db
    .select(taskView)
    .from(tasks)
    .innerJoin(opportunities, cardJoin(scope))
    .leftJoin(users, and(eq(users.id, tasks.userId), eq(users.platformId, scope.platformId)))
    .leftJoin(
      contacts,
      and(
        eq(contacts.id, opportunities.contactId),
        eq(contacts.platformId, scope.platformId),
        eq(contacts.workspaceId, scope.workspaceId),
      ),
    )
    .leftJoin(
      taskTypes,
      and(
        eq(taskTypes.id, tasks.taskTypeId),
        eq(taskTypes.platformId, scope.platformId),
        eq(taskTypes.workspaceId, scope.workspaceId),
      ),
    )
    .leftJoin(
      interactionTypes,
      and(
        eq(interactionTypes.id, tasks.interactionTypeId),
        eq(interactionTypes.platformId, scope.platformId),
        eq(interactionTypes.workspaceId, scope.workspaceId),
      ),
    );
}
export type TaskView = NonNullable<Awaited<ReturnType<typeof findTaskView>>>;

const SORT_COLUMNS: Record<TaskSortField, AnyPgColumn> = {
  start_timestamp: tasks.startTimestamp,
  created_at: tasks.createdAt,
  updated_at: tasks.updatedAt,
};

/** The Brasília day of a task: start_timestamp holds wall-clock time, so its date is the day. */
const taskDay = sql<string>`to_char(${tasks.startTimestamp}, 'YYYY-MM-DD')`;

/** The first `perDay` tasks of each day by start time (then id), under the conditions. */
function firstOfEachDay(db: DbOrTx, scope: Scope, conditions: TaskConditions, perDay: number): SQL {
  const place = sql<number>`row_number() over (partition by ${tasks.startTimestamp}::date order by ${tasks.startTimestamp}, ${tasks.id})`;
  const numbering = db.select({ id: tasks.id, place: place.as('place') }).from(tasks);
  const numbered = (needsCard(conditions) ? numbering.innerJoin(opportunities, cardJoin(scope)) : numbering)
    .where(taskWhere(scope, conditions))
    .as('numbered');
  return inArray(tasks.id, db.select({ id: numbered.id }).from(numbered).where(lte(numbered.place, perDay)));
}

export async function listTaskViews(
  db: DbOrTx,
  scope: Scope,
  conditions: TaskConditions,
  page: { sort: TaskSortField; descending: boolean; limit: number; offset: number; perDay?: number },
) {
  const where = and(
    taskWhere(scope, conditions),
    page.perDay === undefined ? undefined : firstOfEachDay(db, scope, conditions, page.perDay),
  ) as SQL;
  const order = page.descending ? desc : asc;
  const counting = db.select({ total: count() }).from(tasks);
  const [rows, [total]] = await Promise.all([
    selectTaskViews(db, scope)
      .where(where)
      .orderBy(order(SORT_COLUMNS[page.sort]), order(tasks.id))
      .limit(page.limit)
      .offset(page.offset),
    (needsCard(conditions) ? counting.innerJoin(opportunities, cardJoin(scope)) : counting).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** How many tasks each day holds under the conditions, in date order; days without tasks are left out. */
export function countTasksPerDay(db: DbOrTx, scope: Scope, conditions: TaskConditions) {
  const counting = db.select({ day: taskDay, count: count() }).from(tasks);
  return (needsCard(conditions) ? counting.innerJoin(opportunities, cardJoin(scope)) : counting)
    .where(taskWhere(scope, conditions))
    .groupBy(taskDay)
    .orderBy(taskDay);
}

/** Open tasks, the overdue among them and those completed today (Brasília), under the same conditions. */
export async function summarizeTasks(db: DbOrTx, scope: Scope, conditions: TaskConditions) {
  const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const summing = db
    .select({
      open: countWhere(isOpen),
      overdue: countWhere(isDelayed),
      doneToday: countWhere(and(eq(tasks.status, 'Completed'), endedToday) as SQL),
    })
    .from(tasks);
  const [row] = await (needsCard(conditions)
    ? summing.innerJoin(opportunities, cardJoin(scope))
    : summing
  ).where(taskWhere(scope, conditions));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0, doneToday: row?.doneToday ?? 0 };
}

export async function findTaskView(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await selectTaskViews(db, scope)
    .where(and(taskScope(scope), eq(tasks.id, id)))
    .limit(1);
  return row;
}

/** The task row, held until the transaction ends. */
export async function lockTask(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(taskScope(scope), eq(tasks.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export type TaskValues = Omit<TaskInsert, 'startTimestamp' | 'status' | 'endedAt' | 'endedScheduled'> & {
  startTimestamp?: string;
};

/** A scheduled task (NotStarted at its start time) or, with `doneNow`, a registry: Completed now, started now. */
export async function insertTask(
  db: DbOrTx,
  scope: Scope,
  values: TaskValues,
  options: { doneNow: boolean },
) {
  const done = options.doneNow
    ? {
        startTimestamp: sql`date_trunc('second', ${wallClockNow})`,
        status: 'Completed' as const,
        endedAt: sql`now()`,
      }
    : { startTimestamp: values.startTimestamp, status: 'NotStarted' as const };
  const [row] = await db
    .insert(tasks)
    .values({
      ...values,
      ...done,
      platformId: scope.platformId,
      workspaceId: scope.workspaceId,
    } as PgInsertValue<typeof tasks>)
    .returning({ id: tasks.id });
  if (!row) throw new Error('task insert returned no row');
  return row.id;
}

export type TaskChanges = Pick<
  TaskInsert,
  'name' | 'userId' | 'opportunityId' | 'taskTypeId' | 'interactionTypeId' | 'description' | 'startTimestamp'
>;

/** Writes the changes (undefined leaves a column as it is); with `reopen`, the task is open again. */
export async function updateTask(
  db: DbOrTx,
  scope: Scope,
  id: number,
  changes: Partial<TaskChanges>,
  options: { reopen: boolean },
) {
  const reopened = options.reopen ? { status: openStatus, endedAt: null, endedScheduled: false } : {};
  await db
    .update(tasks)
    .set({ ...changes, ...reopened, updatedAt: sql`now()` })
    .where(and(taskScope(scope), eq(tasks.id, id)));
}

/** Completed now, with how it was done; late when now is past its start. */
export async function completeTask(db: DbOrTx, scope: Scope, id: number, interactionTypeId: number) {
  await db
    .update(tasks)
    .set({
      status: 'Completed',
      linkedCallId: null,
      linkedDialogId: null,
      endedAt: sql`now()`,
      endedScheduled: sql`${wallClockNow} > ${tasks.startTimestamp}`,
      interactionTypeId,
      updatedAt: sql`now()`,
    })
    .where(and(taskScope(scope), eq(tasks.id, id)));
}

export async function deleteTask(db: DbOrTx, scope: Scope, id: number) {
  await db.delete(tasks).where(and(taskScope(scope), eq(tasks.id, id)));
}

// ---- calls and rooms that hold tasks InProgress (decisions.md §13) -------------------------------------

/** A call or a room of a card, and the rep on it. */
export type TaskHolder = { opportunityId: number; userId: number } & (
  | { callId: number }
  | { dialogId: number }
);

const holderColumn = (holder: { callId: number } | { dialogId: number }) =>
  'callId' in holder
    ? {
        column: tasks.linkedCallId,
        key: 'linkedCallId' as const,
        other: tasks.linkedDialogId,
        id: holder.callId,
      }
    : {
        column: tasks.linkedDialogId,
        key: 'linkedDialogId' as const,
        other: tasks.linkedCallId,
        id: holder.dialogId,
      };

/**
 * Links the rep's open tasks on the card, due by the end of today, to the call or room, and marks them InProgress;
 * answers the tasks that changed.
 */
export function holdTasks(db: DbOrTx, scope: Scope, holder: TaskHolder) {
  const { column, key, id } = holderColumn(holder);
  return db
    .update(tasks)
    .set({ [key]: id, status: 'InProgress', updatedAt: sql`now()` })
    .where(
      and(
        taskScope(scope),
        eq(tasks.opportunityId, holder.opportunityId),
        eq(tasks.userId, holder.userId),
        isOpen,
        eq(tasks.isRegistry, false),
        sql`${column} is distinct from ${id}`,
        lt(tasks.startTimestamp, sql`date_trunc('day', ${wallClockNow}) + interval '1 day'`),
      ),
    )
    .returning({ id: tasks.id });
}

/**
 * Unlinks the card's tasks held by the call or room (all of them, or those of another rep than `keepUserId`); a
 * task nothing else holds is NotStarted again. Answers the tasks that changed.
 */
export function releaseTasks(
  db: DbOrTx,
  scope: Scope,
  opportunityId: number,
  holder: { callId: number } | { dialogId: number },
  keepUserId?: number,
) {
  const { column, key, other, id } = holderColumn(holder);
  // Completed tasks hold no links, so every task found here is open: the other holder decides its status.
  const status = sql<TaskStatus>`case when ${other} is not null then 'InProgress' else 'NotStarted' end`;
  return db
    .update(tasks)
    .set({ [key]: null, status, updatedAt: sql`now()` })
    .where(
      and(
        taskScope(scope),
        eq(tasks.opportunityId, opportunityId),
        eq(column, id),
        keepUserId === undefined ? undefined : sql`${tasks.userId} is distinct from ${keepUserId}`,
      ),
    )
    .returning({ id: tasks.id });
}
