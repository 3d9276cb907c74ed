import { SOURCE_TYPE_LABELS, type SourceType } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canSeeAllUsers, defaultDateRangeFrom, seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import type {
  Breakdown,
  BreakdownItem,
  CardFigures,
  CommercialWorkspaces,
  DashboardFilter,
  DashboardPageQuery,
  DigitalEmployeeOpportunities,
  DigitalEmployeeStats,
  ImbotSummary,
  OmnichannelSummary,
  OverallSummary,
  PagedBreakdown,
  RankingRow,
  SalesRepDashboard,
  SalesStageDashboard,
  ServiceTrails,
  TaskScheduledDashboard,
  TpoSummary,
  UserDashboard,
  VoipSummary,
} from '@vendaval/core/schemas/dashboards';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { notFound } from '../../infra/errors.ts';
import { campaigns, medias, objections, products } from '../../schema/catalog.tables.ts';
import type { PlatformDirectory } from '../platform/platform.service.ts';
import * as q from './dashboards.queries.ts';

type Kind = 'Open' | 'Won' | 'Lost';
type Kinds = Map<number, Kind>;
/** A group of cards with its key as the API answers it. */
type Group = Omit<q.CardGroup, 'key'> & { key: number | string | null };

/** The set of cards a request counts, and the period it answers with. */
interface Request {
  set: q.CardSet;
  period: OverallSummary['period'];
}

/**
 * The asked period, or the role's default range ending now (platform.md §6); a salesRep's own cards only
 * (PLAT-102 user filter, permissions.ts).
 */
function resolve(ctx: WorkspaceContext, filter: DashboardFilter, now = new Date()): Request {
  const asked = filter.start_timestamp !== undefined || filter.end_timestamp !== undefined;
  const start = asked ? filter.start_timestamp : defaultDateRangeFrom(ctx.role, now).start.toISOString();
  const end = filter.end_timestamp;
  const userIds = seesOnlyOwnOpportunities(ctx.role)
    ? [ctx.userId]
    : filter.user_id?.length
      ? filter.user_id
      : undefined;
  return {
    set: { dateType: filter.date_type, start, end, userIds },
    period: { start_timestamp: start ?? null, end_timestamp: end ?? null, date_type: filter.date_type },
  };
}

// ---- figures --------------------------------------------------------------------------------------

/** Won and lost by the type of the stage a card is in, as the board shows them; every other stage is open. */
async function stageKinds(db: Db, scope: q.Scope) {
  const stages = await q.listStages(db, scope);
  const kinds: Kinds = new Map(
    stages.map((s) => [s.id, s.type === 'Won' || s.type === 'Lost' ? s.type : ('Open' as Kind)]),
  );
  return { stages, kinds };
}

const emptyFigures = (): CardFigures => ({
  count: 0,
  open: 0,
  won: 0,
  lost: 0,
  total_price: 0,
  won_price: 0,
});
const cents = (value: number) => Math.round(value * 100) / 100;

function addGroup(figures: CardFigures, group: Group, kinds: Kinds): CardFigures {
  const kind = kinds.get(group.salesStageId) ?? 'Open';
  return {
    count: figures.count + group.count,
    open: figures.open + (kind === 'Open' ? group.count : 0),
    won: figures.won + (kind === 'Won' ? group.count : 0),
    lost: figures.lost + (kind === 'Lost' ? group.count : 0),
    total_price: cents(figures.total_price + group.totalPrice),
    won_price: cents(figures.won_price + (kind === 'Won' ? group.totalPrice : 0)),
  };
}

const figuresOf = (groups: Group[], kinds: Kinds) =>
  groups.reduce((figures, group) => addGroup(figures, group, kinds), emptyFigures());

/** A responsible's cards, whose won and lost the query already told apart. */
const userFiguresOf = (group: q.UserGroup): CardFigures => ({
  count: group.count,
  open: group.count - group.won - group.lost,
  won: group.won,
  lost: group.lost,
  total_price: cents(group.totalPrice),
  won_price: cents(group.wonPrice),
});

const addFigures = (a: CardFigures, b: CardFigures): CardFigures => ({
  count: a.count + b.count,
  open: a.open + b.open,
  won: a.won + b.won,
  lost: a.lost + b.lost,
  total_price: cents(a.total_price + b.total_price),
  won_price: cents(a.won_price + b.won_price),
});

type ResponseTimes = Pick<Group, 'count' | 'answered' | 'tmaSum' | 'acceptable' | 'exceeded'>;

function responseTimeOf(groups: ResponseTimes[]) {
  const sum = (pick: (g: ResponseTimes) => number) => groups.reduce((total, g) => total + pick(g), 0);
  const answered = sum((g) => g.answered);
  const acceptable = sum((g) => g.acceptable);
  const exceeded = sum((g) => g.exceeded);
  return {
    answered,
    unanswered: sum((g) => g.count) - answered,
    average_s: answered ? Math.round(sum((g) => g.tmaSum) / answered) : null,
    acceptable,
    attention: answered - acceptable - exceeded,
    exceeded,
  };
}

/** Groups by key, folded into one figure per key. */
function foldByKey(groups: Group[], kinds: Kinds) {
  const byKey = new Map<number | string | null, CardFigures>();
  for (const group of groups) {
    byKey.set(group.key, addGroup(byKey.get(group.key) ?? emptyFigures(), group, kinds));
  }
  return byKey;
}

const byCountThenName = (a: BreakdownItem, b: BreakdownItem) =>
  b.count - a.count || a.name.localeCompare(b.name, 'pt-BR');

/** The groups of a dimension with their keys as the API answers them: ids and probabilities as numbers. */
async function keyedGroups(
  db: Db,
  scope: q.Scope,
  set: q.CardSet,
  dimension: q.CardDimension,
): Promise<Group[]> {
  const groups = await q.groupCards(db, scope, set, dimension);
  if (dimension === 'source-type') return groups;
  return groups.map((g) => ({ ...g, key: g.key === null ? null : Number(g.key) }));
}

// ---- the breakdowns of the first tab ------------------------------------------------------------------

type Naming = (
  db: Db,
  ctx: WorkspaceContext,
  keys: (number | string)[],
) => Promise<Map<number | string, string>>;

const listNames =
  (table: Parameters<typeof q.itemNames>[2]): Naming =>
  (db, ctx, keys) =>
    q.itemNames(db, ctx, table, keys as number[]);

/** Each chart of cards by one of their columns: what the bars are named after, and the bar without a value. */
const DIMENSIONS = {
  campaign: { names: listNames(campaigns), none: 'Sem campanha' },
  media: { names: listNames(medias), none: 'Sem mídia' },
  product: { names: listNames(products), none: 'Sem produto' },
  'closed-type': { names: listNames(objections), none: 'Sem motivo' },
  user: {
    names: (db, ctx, keys) => q.userNamesOf(db, ctx.platformId, keys as number[]),
    none: 'Sem responsável',
  },
  'source-type': {
    names: async (_db, _ctx, keys) =>
      new Map(keys.map((k) => [k, SOURCE_TYPE_LABELS[k as SourceType] ?? String(k)])),
    none: 'Sem origem',
  },
  probability: {
    names: async (_db, _ctx, keys) => new Map(keys.map((k) => [k, `${k}%`])),
    none: 'Sem qualificação',
  },
} satisfies Record<Exclude<q.CardDimension, 'stage'>, { names: Naming; none: string }>;
export type Dimension = keyof typeof DIMENSIONS;
export const DIMENSION_NAMES = Object.keys(DIMENSIONS) as Dimension[];

/** The responsibles' figures come from their own day totals, a row per person and day. */
async function userBreakdownItems(db: Db, ctx: WorkspaceContext, set: q.CardSet) {
  const { names: namesOf, none } = DIMENSIONS.user;
  const groups = await q.groupCardsByUser(db, ctx, set);
  const names = await namesOf(db, ctx, peopleOf(groups));
  const data = groups.map((g) => ({
    key: g.userId,
    name: g.userId === null ? none : (names.get(g.userId) ?? String(g.userId)),
    ...userFiguresOf(g),
  }));
  return {
    data: data.sort(byCountThenName),
    total: data.reduce<CardFigures>(addFigures, emptyFigures()),
  };
}

const peopleOf = (groups: q.UserGroup[]) =>
  groups.map((g) => g.userId).filter((id): id is number => id !== null);

async function breakdownItems(db: Db, ctx: WorkspaceContext, set: q.CardSet, dimension: Dimension) {
  if (dimension === 'user') return userBreakdownItems(db, ctx, set);
  const { names, none } = DIMENSIONS[dimension];
  const [{ kinds }, groups] = await Promise.all([stageKinds(db, ctx), keyedGroups(db, ctx, set, dimension)]);
  // Lost reasons are the lost cards' only.
  const counted =
    dimension === 'closed-type' ? groups.filter((g) => kinds.get(g.salesStageId) === 'Lost') : groups;
  const byKey = foldByKey(counted, kinds);
  const named = await names(
    db,
    ctx,
    [...byKey.keys()].filter((k): k is number | string => k !== null),
  );
  const data = [...byKey].map(([key, figures]) => ({
    key,
    name: key === null ? none : (named.get(key) ?? String(key)),
    ...figures,
  }));
  return { data: data.sort(byCountThenName), total: figuresOf(counted, kinds) };
}

export async function breakdown(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
  dimension: Dimension,
): Promise<Breakdown> {
  const { set, period } = resolve(ctx, filter);
  return { period, ...(await breakdownItems(db, ctx, set, dimension)) };
}

/** 'Produtos', paged (9 a page by default, PLAT-131). */
export async function productBreakdown(
  db: Db,
  ctx: WorkspaceContext,
  query: DashboardPageQuery,
): Promise<PagedBreakdown> {
  const { limit, offset, ...filter } = query;
  const { set, period } = resolve(ctx, filter);
  const { data, total } = await breakdownItems(db, ctx, set, 'product');
  return {
    period,
    data: data.slice(offset, offset + limit),
    total,
    pagination: { total_count: data.length, limit, offset },
  };
}

/** Open, won and lost, named with the platform's terms. */
export async function stateTypeBreakdown(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
  platforms: PlatformDirectory,
): Promise<Breakdown> {
  const { set, period } = resolve(ctx, filter);
  const [{ kinds }, groups] = await Promise.all([stageKinds(db, ctx), q.groupCards(db, ctx, set)]);
  const { terms } = platforms.get(ctx.platformId);
  const names: Record<Kind, string> = { Open: 'Em aberto', Won: terms.won_term, Lost: terms.lost_term };
  const data = (['Open', 'Won', 'Lost'] as const).map((kind) => ({
    key: kind,
    name: names[kind],
    ...figuresOf(
      groups.filter((g) => (kinds.get(g.salesStageId) ?? 'Open') === kind),
      kinds,
    ),
  }));
  return { period, data, total: figuresOf(groups, kinds) };
}

/** 'Resumo do Funil': every stage in board order with its cards of the period. */
export async function salesStageDashboard(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<SalesStageDashboard> {
  const { set, period } = resolve(ctx, filter);
  const [{ stages, kinds }, groups] = await Promise.all([stageKinds(db, ctx), q.groupCards(db, ctx, set)]);
  const byStage = new Map(groups.map((g) => [g.salesStageId, g]));
  return {
    period,
    data: stages.map((s) => ({
      sales_stage_id: s.id,
      name: s.name,
      color: s.color,
      type: s.type,
      count: byStage.get(s.id)?.count ?? 0,
      total_price: cents(byStage.get(s.id)?.totalPrice ?? 0),
    })),
    total: figuresOf(groups, kinds),
  };
}

// ---- service ------------------------------------------------------------------------------------------

async function overallOf(db: Db, scope: q.Scope, set: q.CardSet) {
  const [{ kinds }, groups] = await Promise.all([stageKinds(db, scope), q.groupCards(db, scope, set)]);
  const cards = figuresOf(groups, kinds);
  return {
    cards,
    conversion: cards.count ? cards.won / cards.count : null,
    response_time: responseTimeOf(groups),
  };
}

export async function overallSummary(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<OverallSummary> {
  const { set, period } = resolve(ctx, filter);
  return { period, ...(await overallOf(db, ctx, set)) };
}

export async function tpoSummary(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<TpoSummary> {
  const { set, period } = resolve(ctx, filter);
  return { period, ...responseTimeOf(await q.groupCards(db, ctx, set)) };
}

/** 'Funil de atendimento': received, answered, answered within the acceptable time, won. */
export async function serviceTrails(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<ServiceTrails> {
  const { set, period } = resolve(ctx, filter);
  const [{ kinds }, groups] = await Promise.all([stageKinds(db, ctx), q.groupCards(db, ctx, set)]);
  const cards = figuresOf(groups, kinds);
  const time = responseTimeOf(groups);
  return {
    period,
    data: [
      { step: 'received', name: 'Recebidas', count: cards.count },
      { step: 'answered', name: 'Atendidas', count: time.answered },
      { step: 'answered_in_time', name: 'Atendidas em até 10 min', count: time.acceptable },
      { step: 'won', name: 'Ganhas', count: cards.won },
    ],
  };
}

/**
 * Phone figures: the calls the reps of the filter placed in the period (on the call's start), ended; answered when
 * talked above 15 s (decisions.md §4); a salesRep sees only their own calls.
 */
export async function voipSummary(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<VoipSummary> {
  const { set, period } = resolve(ctx, filter);
  const { calls, answered, averageS, ...classes } = await q.callFigures(db, ctx, set);
  return {
    period,
    calls,
    answered,
    not_answered: calls - answered,
    average_duration_s: averageS === null ? null : Math.round(Number(averageS)),
    duration_classes: classes,
  };
}

const countOf = (rows: { sender: string; count: number }[], sender: string) =>
  rows.filter((r) => r.sender === sender).reduce((total, r) => total + r.count, 0);

export async function omnichannelSummary(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<OmnichannelSummary> {
  const { set, period } = resolve(ctx, filter);
  const [rooms, messages] = await Promise.all([
    q.groupRoomsByBot(db, ctx, set),
    q.groupMessages(db, ctx, set),
  ]);
  const opened = rooms.reduce((total, r) => total + r.rooms, 0);
  const open = rooms.reduce((total, r) => total + r.openRooms, 0);
  return {
    period,
    rooms: opened,
    open_rooms: open,
    closed_rooms: opened - open,
    messages_received: countOf(messages, 'contact'),
    messages_sent: countOf(messages, 'user'),
    bot_messages: countOf(messages, 'bot'),
  };
}

export async function imbotSummary(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<ImbotSummary> {
  const { set, period } = resolve(ctx, filter);
  const [rooms, messages, sources] = await Promise.all([
    q.groupRoomsByBot(db, ctx, set),
    q.groupMessages(db, ctx, set),
    q.groupCards(db, ctx, set, 'source-type'),
  ]);
  return {
    period,
    rooms_on_bot: rooms.reduce((total, r) => total + r.onBot, 0),
    bot_messages: countOf(messages, 'bot'),
    opportunities_from_bot: sources.filter((g) => g.key === 'Imbot').reduce((total, g) => total + g.count, 0),
  };
}

// ---- people ---------------------------------------------------------------------------------------------

/**
 * The ranking of everyone with cards in the period: most won, then most won in BRL, then most cards. A salesRep
 * sees every position and name but only their own figures.
 */
export async function salesRepRanking(
  db: Db,
  ctx: WorkspaceContext,
  query: DashboardPageQuery,
): Promise<SalesRepDashboard> {
  const { limit, offset, ...filter } = query;
  const { set, period } = resolve(ctx, filter);
  const groups = await q.groupCardsByUser(db, ctx, { ...set, userIds: undefined });
  const names = await q.userNamesOf(db, ctx.platformId, peopleOf(groups));
  const ranked = groups
    .flatMap((g) => (g.userId === null ? [] : [{ ...g, userId: g.userId }]))
    .map((g) => ({
      userId: g.userId,
      name: names.get(g.userId) ?? '',
      figures: userFiguresOf(g),
      time: responseTimeOf([g]),
    }))
    .sort(
      (a, b) =>
        b.figures.won - a.figures.won ||
        b.figures.won_price - a.figures.won_price ||
        b.figures.count - a.figures.count ||
        a.name.localeCompare(b.name, 'pt-BR'),
    );
  const hidden = !canSeeAllUsers(ctx.role);
  const rows: RankingRow[] = ranked.map((r, index) => {
    const visible = !hidden || r.userId === ctx.userId;
    return {
      position: index + 1,
      user_id: r.userId,
      name: r.name,
      count: visible ? r.figures.count : null,
      won: visible ? r.figures.won : null,
      lost: visible ? r.figures.lost : null,
      won_price: visible ? r.figures.won_price : null,
      conversion: visible && r.figures.count ? r.figures.won / r.figures.count : null,
      average_response_s: visible ? r.time.average_s : null,
    };
  });
  return {
    period,
    data: rows.slice(offset, offset + limit),
    pagination: { total_count: rows.length, limit, offset },
  };
}

/** GET /dashboards/{id}: one member's figures; a salesRep may read only their own (404 otherwise). */
export async function userDashboard(
  db: Db,
  ctx: WorkspaceContext,
  userId: number,
  filter: DashboardFilter,
): Promise<UserDashboard> {
  if (seesOnlyOwnOpportunities(ctx.role) && userId !== ctx.userId) throw notFound(MESSAGES.notFound);
  const name = await q.findMemberName(db, ctx, userId);
  if (name === undefined) throw notFound(MESSAGES.notFound);
  const { set, period } = resolve(ctx, { ...filter, user_id: [userId] });
  return { period, user: { id: userId, name }, ...(await overallOf(db, ctx, set)) };
}

/** The workspaces of the platform the user works in, by name, with their role in each. */
export const userWorkspaces = (db: Db, platformId: number, userId: number) =>
  q.membershipsWithNames(db, platformId, userId);

/** Every workspace of the platform the user works in, counted under their role in each. */
export async function commercialWorkspaces(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<CommercialWorkspaces> {
  const { period } = resolve(ctx, filter);
  const memberships = await q.membershipsWithNames(db, ctx.platformId, ctx.userId);
  const data = await Promise.all(
    memberships.map(async (m) => {
      const there = { ...ctx, workspaceId: m.workspaceId, role: m.role as WorkspaceContext['role'] };
      const { set } = resolve(there, filter);
      const [{ kinds }, groups] = await Promise.all([stageKinds(db, there), q.groupCards(db, there, set)]);
      return { workspace_id: m.workspaceId, name: m.name, ...figuresOf(groups, kinds) };
    }),
  );
  return { period, data };
}

// ---- tasks and digital employees --------------------------------------------------------------------------

export async function taskScheduled(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<TaskScheduledDashboard> {
  const { set, period } = resolve(ctx, filter);
  const rows = await q.groupScheduledTasks(db, ctx, set);
  const data = rows.map((r) => ({
    task_type_id: r.taskTypeId,
    name: r.name ?? 'Sem tipo',
    count: r.count,
    completed: r.completed,
    overdue: r.overdue,
  }));
  const sum = (pick: (r: (typeof data)[number]) => number) => data.reduce((total, r) => total + pick(r), 0);
  return {
    period,
    data,
    total: { count: sum((r) => r.count), completed: sum((r) => r.completed), overdue: sum((r) => r.overdue) },
  };
}

export async function digitalEmployeeStats(
  db: Db,
  ctx: WorkspaceContext,
  filter: DashboardFilter,
): Promise<DigitalEmployeeStats> {
  const { set, period } = resolve(ctx, filter);
  const [bots, rooms, messages] = await Promise.all([
    q.listBots(db, ctx),
    q.groupRoomsByBot(db, ctx, set),
    q.groupMessages(db, ctx, set),
  ]);
  return {
    period,
    data: bots.map((bot) => {
      const room = rooms.find((r) => r.botId === bot.id);
      return {
        bot_id: bot.id,
        name: bot.name,
        rooms: room?.rooms ?? 0,
        open_rooms: room?.openRooms ?? 0,
        opportunities: room?.opportunities ?? 0,
        bot_messages: countOf(
          messages.filter((m) => m.botId === bot.id),
          'bot',
        ),
      };
    }),
  };
}

/** The cards the digital employees talked to in the period, 25 a page by default (PLAT-131). */
export async function digitalEmployeeOpportunities(
  db: Db,
  ctx: WorkspaceContext,
  query: DashboardPageQuery,
): Promise<DigitalEmployeeOpportunities> {
  const { limit, offset, ...filter } = query;
  const { set, period } = resolve(ctx, filter);
  const { rows, total } = await q.listBotRooms(db, ctx, set, { limit, offset });
  return {
    period,
    data: rows.map((r) => ({
      dialog_id: r.dialogId,
      opportunity_id: r.opportunityId,
      name: r.name,
      bot: { id: r.botId, name: r.botName },
      sales_stage_id: r.salesStageId,
      state_type: r.stateType,
      user: r.userId === null || r.userName === null ? null : { id: r.userId, name: r.userName },
      opened_at: r.openedAt.toISOString(),
      closed_at: r.closedAt?.toISOString() ?? null,
    })),
    pagination: { total_count: total, limit, offset },
  };
}
