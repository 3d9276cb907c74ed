import {
  APP_TIME_ZONE,
  CALL_DURATION_CLASSES,
  type CallDurationClass,
  RESPONSE_TIME_ATTENTION_S,
  RESPONSE_TIME_EXCEEDED_S,
} from '@vendaval/core/constants';
import { type AnyColumn, and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { dateBound } from '../../infra/date-bound.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { bots } from '../../schema/bots.tables.ts';
import { opportunityCalls as calls, lastedAny } from '../../schema/calls.tables.ts';
import { salesStages, taskTypes } from '../../schema/catalog.tables.ts';
import { chatMessages, dialogs } from '../../schema/chat.tables.ts';
import { opportunityDashboardDays, opportunityUserDays } from '../../schema/dashboards.tables.ts';
import { opportunities as o } from '../../schema/opportunities.tables.ts';
import { tasks } from '../../schema/tasks.tables.ts';
import { members, users } from '../../schema/users.tables.ts';
import { workspaces } from '../../schema/workspaces.tables.ts';

export type Scope = { platformId: number; workspaceId: number };

/** The cards a dashboard counts: a period on one of their dates and, optionally, some responsibles. */
export interface CardSet {
  dateType: 'created_at' | 'updated_at';
  start: string | undefined;
  end: string | undefined;
  /** Undefined: everyone's cards. */
  userIds: number[] | undefined;
}

const DATE_COLUMNS = { created_at: o.createdAt, updated_at: o.updatedAt } as const;

/** The same bounds as the board's list and summary, so a chart's count is the board's count. */
function period(column: AnyColumn, set: Pick<CardSet, 'start' | 'end'>): SQL | undefined {
  return and(
    set.start ? dateBound(column, set.start, 'start') : undefined,
    set.end ? dateBound(column, set.end, 'end') : undefined,
  );
}

const byUsers = (column: AnyColumn, ids: number[] | undefined) =>
  ids === undefined ? undefined : ids.length === 1 ? eq(column, ids[0]) : inArray(column, ids);

function cardsWhere(scope: Scope, set: CardSet): SQL | undefined {
  return and(
    eq(o.platformId, scope.platformId),
    eq(o.workspaceId, scope.workspaceId),
    period(DATE_COLUMNS[set.dateType], set),
    byUsers(o.userId, set.userIds),
  );
}

const n = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);

/** Each chart's column of the cards; 'stage' counts the cards by stage alone. Their day totals use these names. */
const DIMENSION_COLUMNS = {
  stage: null,
  campaign: o.campaignId,
  media: o.mediaId,
  product: o.productId,
  'closed-type': o.closedType,
  user: o.userId,
  'source-type': o.sourceType,
  probability: o.probability,
} as const;
export type CardDimension = keyof typeof DIMENSION_COLUMNS;

/** The value as the day totals keep it: text, '' for none. */
function keyOf(dimension: CardDimension): SQL {
  const column = DIMENSION_COLUMNS[dimension];
  return column ? sql`coalesce(${column}::text, '')` : sql`''`;
}

/** The cards themselves, measured per key and stage, as the day totals measure them. */
function countCards(db: DbOrTx, scope: Scope, dimension: CardDimension, where: SQL | undefined) {
  return db
    .select({
      key: sql<string>`${keyOf(dimension)}`.as('key'),
      stage: sql<number>`${o.salesStageId}`.as('stage'),
      cards: sql<number>`count(*)`.as('cards'),
      total: sql<number>`coalesce(sum(${o.price}), 0)::numeric`.as('total'),
      answered: sql<number>`count(${o.tma})`.as('answered'),
      tma: sql<number>`coalesce(sum(${o.tma}), 0)::bigint`.as('tma'),
      acceptable:
        sql<number>`count(*) filter (where ${o.tma} < ${sql.raw(String(RESPONSE_TIME_ATTENTION_S))})`.as(
          'acceptable',
        ),
      exceeded:
        sql<number>`count(*) filter (where ${o.tma} > ${sql.raw(String(RESPONSE_TIME_EXCEEDED_S))})`.as(
          'exceeded',
        ),
    })
    .from(o)
    .where(and(eq(o.platformId, scope.platformId), eq(o.workspaceId, scope.workspaceId), where))
    .groupBy(sql`1`, o.salesStageId);
}

const zone = sql.raw(`'${APP_TIME_ZONE}'`);
const dayOf = (instant: SQL) => sql`((${instant}) at time zone ${zone})::date`;
const midnightOf = (day: SQL) => sql`(${day})::timestamp at time zone ${zone}`;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period as whole days of the day totals and the instants at its ends that only the cards can answer. A
 * 'YYYY-MM-DD' start is its midnight and an end its next midnight; an instant end is included (as on the board).
 */
function splitPeriod(set: CardSet) {
  const { start, end } = set;
  const from =
    start === undefined
      ? undefined
      : DAY.test(start)
        ? midnightOf(sql`${start}::date`)
        : sql`${start}::timestamptz`;
  const to =
    end === undefined
      ? undefined
      : DAY.test(end)
        ? midnightOf(sql`${end}::date + 1`)
        : sql`${end}::timestamptz + interval '1 microsecond'`;
  const firstWhole =
    from &&
    sql`(case when ${midnightOf(dayOf(from))} = ${from} then ${dayOf(from)} else ${dayOf(from)} + 1 end)`;
  const afterWhole = to && dayOf(to);
  const at = DATE_COLUMNS[set.dateType];
  const wholeFrom = firstWhole && midnightOf(firstWhole);
  const wholeTo = afterWhole && midnightOf(afterWhole);
  const ends = or(
    from && wholeFrom
      ? and(sql`${at} >= ${from}`, sql`${at} < ${to ? sql`least(${wholeFrom}, ${to})` : wholeFrom}`)
      : undefined,
    to && wholeTo
      ? and(
          sql`${at} >= ${from && wholeFrom ? sql`greatest(${wholeTo}, ${wholeFrom}, ${from})` : wholeTo}`,
          sql`${at} < ${to}`,
        )
      : undefined,
  );
  return { firstWhole, afterWhole, ends };
}

/**
 * The cards of the set per stage and per value of the dimension. Everyone's cards come from the day totals (kept
 * by triggers on each change) for the whole days of the period and from the cards for the partial days at its
 * ends: a month of a million-card workspace reads a few thousand small rows and a day or two of cards. Some
 * people's cards are counted one by one, along the responsible's index.
 */
export function groupCards(
  db: DbOrTx,
  scope: Scope,
  set: CardSet,
  dimension: CardDimension = 'stage',
  /** 'cards' counts every card of the period one by one: the reference the day totals must equal. */
  source: 'day totals' | 'cards' = set.userIds === undefined ? 'day totals' : 'cards',
) {
  const parts =
    source === 'day totals'
      ? fromDayTotals(db, scope, set, dimension)
      : countCards(db, scope, dimension, cardsWhere(scope, set));
  const period = parts.as('period');
  return db
    .select({
      key: sql<string | null>`nullif(${period.key}, '')`,
      salesStageId: sql<number>`${period.stage}`.mapWith(Number),
      count: n(sql`sum(${period.cards})::int`),
      totalPrice: n(sql`sum(${period.total})::float8`),
      answered: n(sql`sum(${period.answered})::int`),
      tmaSum: n(sql`sum(${period.tma})::float8`),
      acceptable: n(sql`sum(${period.acceptable})::int`),
      exceeded: n(sql`sum(${period.exceeded})::int`),
    })
    .from(period)
    .groupBy(period.key, period.stage)
    .having(sql`sum(${period.cards}) > 0`);
}
export type CardGroup = Awaited<ReturnType<typeof groupCards>>[number];

function fromDayTotals(db: DbOrTx, scope: Scope, set: CardSet, dimension: CardDimension) {
  const d = opportunityDashboardDays;
  const { firstWhole, afterWhole, ends } = splitPeriod(set);
  const days = db
    .select({
      key: sql<string>`${d.key}`.as('key'),
      stage: sql<number>`${d.salesStageId}`.as('stage'),
      cards: sql<number>`${d.cards}::bigint`.as('cards'),
      total: sql<number>`${d.total}`.as('total'),
      answered: sql<number>`${d.answered}::bigint`.as('answered'),
      tma: sql<number>`${d.tmaSum}`.as('tma'),
      acceptable: sql<number>`${d.acceptable}::bigint`.as('acceptable'),
      exceeded: sql<number>`${d.exceeded}::bigint`.as('exceeded'),
    })
    .from(d)
    .where(
      and(
        eq(d.platformId, scope.platformId),
        eq(d.workspaceId, scope.workspaceId),
        eq(d.dateType, set.dateType),
        eq(d.dimension, dimension),
        firstWhole ? sql`${d.day} >= ${firstWhole}` : undefined,
        afterWhole ? sql`${d.day} < ${afterWhole}` : undefined,
      ),
    );
  return ends ? days.unionAll(countCards(db, scope, dimension, ends)) : days;
}

/** A card's stage is won or lost by its type, as the dashboards count it; any other stage is open. */
const inStage = (type: 'Won' | 'Lost') => sql`${salesStages.type} = ${sql.raw(`'${type}'`)}`;

/** The cards themselves, measured per responsible (0 for none), as the day totals per responsible measure them. */
function countUserCards(db: DbOrTx, scope: Scope, where: SQL | undefined) {
  return db
    .select({
      userId: sql<number>`coalesce(${o.userId}, 0)`.as('user_id'),
      cards: sql<number>`count(*)::int`.as('cards'),
      won: sql<number>`(count(*) filter (where ${inStage('Won')}))::int`.as('won'),
      lost: sql<number>`(count(*) filter (where ${inStage('Lost')}))::int`.as('lost'),
      total: sql<number>`coalesce(sum(${o.price}), 0)::numeric`.as('total'),
      wonTotal: sql<number>`coalesce(sum(${o.price}) filter (where ${inStage('Won')}), 0)::numeric`.as(
        'won_total',
      ),
      answered: sql<number>`count(${o.tma})::int`.as('answered'),
      tma: sql<number>`coalesce(sum(${o.tma}), 0)::bigint`.as('tma'),
      acceptable:
        sql<number>`(count(*) filter (where ${o.tma} < ${sql.raw(String(RESPONSE_TIME_ATTENTION_S))}))::int`.as(
          'acceptable',
        ),
      exceeded:
        sql<number>`(count(*) filter (where ${o.tma} > ${sql.raw(String(RESPONSE_TIME_EXCEEDED_S))}))::int`.as(
          'exceeded',
        ),
    })
    .from(o)
    .leftJoin(
      salesStages,
      and(
        eq(salesStages.id, o.salesStageId),
        eq(salesStages.platformId, o.platformId),
        eq(salesStages.workspaceId, o.workspaceId),
      ),
    )
    .where(and(eq(o.platformId, scope.platformId), eq(o.workspaceId, scope.workspaceId), where))
    .groupBy(sql`1`);
}

function fromUserDayTotals(db: DbOrTx, scope: Scope, set: CardSet) {
  const d = opportunityUserDays;
  const { firstWhole, afterWhole, ends } = splitPeriod(set);
  const days = db
    .select({
      userId: sql<number>`${d.userId}`.as('user_id'),
      cards: sql<number>`${d.cards}`.as('cards'),
      won: sql<number>`${d.won}`.as('won'),
      lost: sql<number>`${d.lost}`.as('lost'),
      total: sql<number>`${d.total}`.as('total'),
      wonTotal: sql<number>`${d.wonTotal}`.as('won_total'),
      answered: sql<number>`${d.answered}`.as('answered'),
      tma: sql<number>`${d.tmaSum}`.as('tma'),
      acceptable: sql<number>`${d.acceptable}`.as('acceptable'),
      exceeded: sql<number>`${d.exceeded}`.as('exceeded'),
    })
    .from(d)
    .where(
      and(
        eq(d.platformId, scope.platformId),
        eq(d.workspaceId, scope.workspaceId),
        eq(d.dateType, set.dateType),
        firstWhole ? sql`${d.day} >= ${firstWhole}` : undefined,
        afterWhole ? sql`${d.day} < ${afterWhole}` : undefined,
      ),
    );
  return ends ? days.unionAll(countUserCards(db, scope, ends)) : days;
}

/**
 * The cards of the set per responsible (null for none): how many, won and lost by their stage, their prices and
 * response times. Everyone's cards come from the day totals per responsible (a row per person and day) and the
 * partial days at the period's ends from the cards; some people's cards are counted one by one.
 */
export function groupCardsByUser(
  db: DbOrTx,
  scope: Scope,
  set: CardSet,
  /** 'cards' counts every card of the period one by one: the reference the day totals must equal. */
  source: 'day totals' | 'cards' = set.userIds === undefined ? 'day totals' : 'cards',
) {
  const parts =
    source === 'day totals'
      ? fromUserDayTotals(db, scope, set)
      : countUserCards(db, scope, cardsWhere(scope, set));
  const period = parts.as('period');
  return db
    .select({
      userId: sql<number | null>`nullif(${period.userId}, 0)`,
      count: n(sql`sum(${period.cards})::int`),
      won: n(sql`sum(${period.won})::int`),
      lost: n(sql`sum(${period.lost})::int`),
      totalPrice: n(sql`sum(${period.total})::float8`),
      wonPrice: n(sql`sum(${period.wonTotal})::float8`),
      answered: n(sql`sum(${period.answered})::int`),
      tmaSum: n(sql`sum(${period.tma})::float8`),
      acceptable: n(sql`sum(${period.acceptable})::int`),
      exceeded: n(sql`sum(${period.exceeded})::int`),
    })
    .from(period)
    .groupBy(period.userId)
    .having(sql`sum(${period.cards}) > 0`);
}
export type UserGroup = Awaited<ReturnType<typeof groupCardsByUser>>[number];

/** The stages of the workspace in board order. */
export function listStages(db: DbOrTx, scope: Scope) {
  return db
    .select({ id: salesStages.id, name: salesStages.name, color: salesStages.color, type: salesStages.type })
    .from(salesStages)
    .where(and(eq(salesStages.platformId, scope.platformId), eq(salesStages.workspaceId, scope.workspaceId)))
    .orderBy(asc(salesStages.displayOrder), asc(salesStages.id));
}

type NamedList = PgTable & {
  id: PgColumn;
  name: PgColumn;
  platformId: PgColumn;
  workspaceId: PgColumn;
};

/** Names of the items of an admin list of the workspace (campaigns, medias, products, lost reasons…). */
export async function itemNames(db: DbOrTx, scope: Scope, table: NamedList, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: sql<number>`${table.id}`, name: sql<string>`${table.name}` })
    .from(table)
    .where(
      and(
        eq(table.platformId, scope.platformId),
        eq(table.workspaceId, scope.workspaceId),
        inArray(table.id, ids),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of people of the platform. */
export async function userNamesOf(db: DbOrTx, platformId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.platformId, platformId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findMemberName(db: DbOrTx, scope: Scope, userId: number) {
  const [row] = await db
    .select({ name: users.name })
    .from(members)
    .innerJoin(users, and(eq(users.id, members.userId), eq(users.platformId, members.platformId)))
    .where(
      and(
        eq(members.platformId, scope.platformId),
        eq(members.workspaceId, scope.workspaceId),
        eq(members.userId, userId),
      ),
    )
    .limit(1);
  return row?.name;
}

/** The workspaces of the platform the user works in, with their role in each. */
export function membershipsWithNames(db: DbOrTx, platformId: number, userId: number) {
  return db
    .select({ workspaceId: members.workspaceId, role: members.role, name: workspaces.name })
    .from(members)
    .innerJoin(
      workspaces,
      and(eq(workspaces.id, members.workspaceId), eq(workspaces.platformId, members.platformId)),
    )
    .where(and(eq(members.platformId, platformId), eq(members.userId, userId)))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
}

// ---- tasks ------------------------------------------------------------------------------------------

/** Tasks keep Brasília wall-clock times; an instant of the period is turned into one to compare. */
const wallClock = (instant: SQL) => sql`((${instant}) at time zone ${zone})`;

function taskPeriod(set: Pick<CardSet, 'start' | 'end'>): SQL | undefined {
  const start = set.start;
  const end = set.end;
  return and(
    start === undefined
      ? undefined
      : DAY.test(start)
        ? sql`${tasks.startTimestamp} >= ${start}::date`
        : sql`${tasks.startTimestamp} >= ${wallClock(sql`${start}::timestamptz`)}`,
    end === undefined
      ? undefined
      : DAY.test(end)
        ? sql`${tasks.startTimestamp} < ${end}::date + 1`
        : sql`${tasks.startTimestamp} <= ${wallClock(sql`${end}::timestamptz`)}`,
  );
}

/** Scheduled tasks (not registries of what was done) whose time falls in the period, per task type. */
export function groupScheduledTasks(db: DbOrTx, scope: Scope, set: CardSet) {
  return db
    .select({
      taskTypeId: tasks.taskTypeId,
      name: taskTypes.name,
      count: n(sql`count(*)::int`),
      completed: n(sql`count(*) filter (where ${tasks.status} = 'Completed')::int`),
      overdue: n(
        sql`count(*) filter (where ${tasks.status} <> 'Completed' and ${tasks.startTimestamp} < ${wallClock(sql`now()`)})::int`,
      ),
    })
    .from(tasks)
    .leftJoin(
      taskTypes,
      and(
        eq(taskTypes.id, tasks.taskTypeId),
        eq(taskTypes.platformId, tasks.platformId),
        eq(taskTypes.workspaceId, tasks.workspaceId),
      ),
    )
    .where(
      and(
        eq(tasks.platformId, scope.platformId),
        eq(tasks.workspaceId, scope.workspaceId),
        eq(tasks.isRegistry, false),
        taskPeriod(set),
        byUsers(tasks.userId, set.userIds),
      ),
    )
    .groupBy(tasks.taskTypeId, taskTypes.name)
    .orderBy(desc(sql`count(*)`), asc(taskTypes.name));
}

// ---- rooms and messages ------------------------------------------------------------------------------

/** Rooms opened in the period (their creation), of the cards of the set's people. */
function roomsWhere(scope: Scope, set: CardSet): SQL | undefined {
  return and(
    eq(dialogs.platformId, scope.platformId),
    eq(dialogs.workspaceId, scope.workspaceId),
    period(dialogs.createdAt, set),
    byUsers(dialogs.userId, set.userIds),
  );
}

/** Rooms opened in the period per bot: how many, still open, which cards, kept with the bot. */
export function groupRoomsByBot(db: DbOrTx, scope: Scope, set: CardSet) {
  return db
    .select({
      botId: dialogs.botId,
      rooms: n(sql`count(*)::int`),
      openRooms: n(sql`count(*) filter (where ${dialogs.closedAt} is null)::int`),
      onBot: n(sql`count(*) filter (where ${dialogs.keepBotOnDialog})::int`),
      opportunities: n(sql`count(distinct ${dialogs.opportunityId})::int`),
    })
    .from(dialogs)
    .where(roomsWhere(scope, set))
    .groupBy(dialogs.botId);
}

/** Messages sent in the period per bot and sender, in rooms of the set's people. */
export function groupMessages(db: DbOrTx, scope: Scope, set: CardSet) {
  return db
    .select({ botId: dialogs.botId, sender: chatMessages.sender, count: n(sql`count(*)::int`) })
    .from(chatMessages)
    .innerJoin(
      dialogs,
      and(
        eq(dialogs.id, chatMessages.dialogId),
        eq(dialogs.platformId, chatMessages.platformId),
        eq(dialogs.workspaceId, chatMessages.workspaceId),
      ),
    )
    .where(
      and(
        eq(chatMessages.platformId, scope.platformId),
        eq(chatMessages.workspaceId, scope.workspaceId),
        eq(chatMessages.isDeleted, false),
        period(chatMessages.sentAt, set),
        byUsers(dialogs.userId, set.userIds),
      ),
    )
    .groupBy(dialogs.botId, chatMessages.sender);
}

/**
 * The ended calls started in the period by the set's reps: how many, how many answered (the call's own `answered`,
 * talked above 15 s), the answered ones' average talk time, and the talked ones by length class as the board's
 * call_duration filter picks them.
 */
export async function callFigures(db: DbOrTx, scope: Scope, set: CardSet) {
  const [row] = await db
    .select({
      calls: n(sql`count(*)::int`),
      answered: n(sql`count(*) filter (where ${calls.answered})::int`),
      averageS: sql<string | null>`avg(${calls.duration}) filter (where ${calls.answered})`,
      ...(Object.fromEntries(
        CALL_DURATION_CLASSES.map((c) => [c, n(sql`count(*) filter (where ${lastedAny([c])})::int`)]),
      ) as Record<CallDurationClass, SQL<number>>),
    })
    .from(calls)
    .where(
      and(
        eq(calls.platformId, scope.platformId),
        eq(calls.workspaceId, scope.workspaceId),
        isNotNull(calls.endedAt),
        period(calls.startedAt, set),
        byUsers(calls.userId, set.userIds),
      ),
    );
  if (!row) throw new Error('call figures not computed');
  return row;
}

export function listBots(db: DbOrTx, scope: Scope) {
  return db
    .select({ id: bots.id, name: bots.name })
    .from(bots)
    .where(and(eq(bots.platformId, scope.platformId), eq(bots.workspaceId, scope.workspaceId)))
    .orderBy(asc(bots.name), asc(bots.id));
}

/** Cards of the set's people with a room opened in the period, newest room first. */
export async function listBotRooms(
  db: DbOrTx,
  scope: Scope,
  set: CardSet,
  page: { limit: number; offset: number },
) {
  const where = roomsWhere(scope, set);
  const cardOfRoom = and(
    eq(o.id, dialogs.opportunityId),
    eq(o.platformId, dialogs.platformId),
    eq(o.workspaceId, dialogs.workspaceId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        dialogId: dialogs.id,
        opportunityId: o.id,
        name: o.name,
        botId: bots.id,
        botName: bots.name,
        salesStageId: o.salesStageId,
        stateType: o.stateType,
        userId: users.id,
        userName: users.name,
        openedAt: dialogs.createdAt,
        closedAt: dialogs.closedAt,
      })
      .from(dialogs)
      .innerJoin(o, cardOfRoom)
      .innerJoin(
        bots,
        and(
          eq(bots.id, dialogs.botId),
          eq(bots.platformId, dialogs.platformId),
          eq(bots.workspaceId, dialogs.workspaceId),
        ),
      )
      .leftJoin(users, and(eq(users.id, o.userId), eq(users.platformId, o.platformId)))
      .where(where)
      .orderBy(desc(dialogs.createdAt), desc(dialogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: n(sql`count(*)::int`) })
      .from(dialogs)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
