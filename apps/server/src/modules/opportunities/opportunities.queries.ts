import { APP_TIME_ZONE } from '@vendaval/core/constants';
import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import {
  type AnyColumn,
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { dateBound, isCalendarDay } from '../../infra/date-bound.ts';
import type { DbOrTx } from '../../infra/db.ts';
import {
  type Bind,
  inline,
  NamedValues,
  preparedPerDb,
  preparedPerShape,
  shapeOf,
} from '../../infra/prepared.ts';
import { containing, foldedContains, idOf, phoneDigitsOf } from '../../infra/search.ts';
import { ofWorkspace, type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { bots } from '../../schema/bots.tables.ts';
import { opportunityCalls as calls, lastedAny } from '../../schema/calls.tables.ts';
import { campaigns, medias, products, salesStages } from '../../schema/catalog.tables.ts';
import { dialogs } from '../../schema/chat.tables.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { contracts } from '../../schema/contracts.tables.ts';
import { opportunities as o, opportunityStageDays } from '../../schema/opportunities.tables.ts';
import { tasks } from '../../schema/tasks.tables.ts';
import { users } from '../../schema/users.tables.ts';
import { workspaces } from '../../schema/workspaces.tables.ts';

export type OpportunityInsert = Omit<typeof o.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;
export type OpportunityRow = typeof o.$inferSelect;
export type OpportunityPatch = Partial<Omit<OpportunityInsert, 'createdAt' | 'updatedAt'>>;

const inScope = (scope: Scope, bind: Bind = inline) =>
  and(eq(o.platformId, bind(scope.platformId)), eq(o.workspaceId, bind(scope.workspaceId)));

export function moveStageCards(db: DbOrTx, scope: Scope, fromStageId: number, toStageId: number) {
  return db
    .update(o)
    .set({ salesStageId: toStageId, updatedAt: new Date() })
    .where(and(inScope(scope), eq(o.salesStageId, fromStageId)))
    .returning({ id: o.id, contactId: o.contactId });
}

export function insertOpportunities(db: DbOrTx, scope: Scope, rows: OpportunityInsert[]) {
  return db
    .insert(o)
    .values(rows.map((r) => ({ ...r, platformId: scope.platformId, workspaceId: scope.workspaceId })))
    .returning({ id: o.id, name: o.name, contactId: o.contactId, userId: o.userId });
}

const opportunityRef = preparedPerDb((db: DbOrTx, _variant: 'one') =>
  db
    .select({
      id: o.id,
      name: o.name,
      userId: o.userId,
      contactId: o.contactId,
      stateType: o.stateType,
      salesStageId: o.salesStageId,
    })
    .from(o)
    .where(
      and(
        eq(o.platformId, sql.placeholder('platformId')),
        eq(o.workspaceId, sql.placeholder('workspaceId')),
        eq(o.id, sql.placeholder('id')),
      ),
    )
    .limit(1)
    .prepare('opportunity_ref'),
);

/** The few columns other features need to check a card they point at. */
export async function findOpportunityRef(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await opportunityRef(db, 'one').execute({ ...scopeParams(scope), id });
  return row;
}

const scopeParams = (scope: Scope) => ({ platformId: scope.platformId, workspaceId: scope.workspaceId });

// ---- lists -------------------------------------------------------------------------------------

/** The list filters, plus the one responsible a salesRep is limited to. */
export type ListFilter = OpportunityFilter & { ownerId?: number | undefined };

const anyOf = <T>(column: AnyColumn, values: T[] | undefined, bind: Bind = inline): SQL | undefined => {
  if (!values?.length) return undefined;
  return values.length === 1 ? eq(column, bind(values[0])) : inArray(column, values.map(bind));
};

const either = (value: boolean | undefined, yes: SQL | undefined, no: SQL | undefined) =>
  value === undefined ? undefined : value ? yes : no;

const filled = (column: AnyColumn) => and(isNotNull(column), sql`${column} <> ''`);
const blank = (column: AnyColumn) => or(isNull(column), sql`${column} = ''`);

const DATE_COLUMNS = { created_at: o.createdAt, updated_at: o.updatedAt, closed_at: o.closedAt } as const;

/** Card name, contact name, e-mail, phone digits or '#id'. */
function searchCondition(term: string, bind: Bind): SQL | undefined {
  const digits = phoneDigitsOf(term);
  const id = idOf(term);
  return or(
    foldedContains(o.name, term, bind),
    foldedContains(contacts.name, term, bind),
    ilike(contacts.email, bind(containing(term))),
    digits ? like(contacts.phoneNumber, bind(containing(digits))) : undefined,
    id ? eq(o.id, bind(id)) : undefined,
  );
}

/** Whether a filter reads the card's contact (the count then joins it; otherwise it does not). */
function needsContact(f: ListFilter): boolean {
  return (
    !!f.search ||
    !!f.city_name ||
    !!f.state_code?.length ||
    f.has_city_name !== undefined ||
    f.has_state_code !== undefined ||
    f.is_blacklisted !== undefined
  );
}

/**
 * The cards a list filter picks. With `bind` from `NamedValues` the common filters' values are taken by name, so a
 * list's prepared statement serves every request of its shape (see `preparedPerShape`).
 */
function filterWhere(scope: Scope, f: ListFilter, bind: Bind = inline): SQL | undefined {
  const dateColumn = DATE_COLUMNS[f.timestamp_attribute];
  return and(
    inScope(scope, bind),
    f.ownerId === undefined ? undefined : eq(o.userId, bind(f.ownerId)),
    anyOf(o.salesStageId, f.sales_stage_id, bind),
    anyOf(o.stateType, f.state_type, bind),
    anyOf(o.userId, f.user_id, bind),
    anyOf(o.productId, f.product_id, bind),
    anyOf(o.campaignId, f.campaign_id, bind),
    anyOf(o.mediaId, f.media_id, bind),
    anyOf(o.sourceType, f.source_type, bind),
    anyOf(o.closedType, f.closed_type, bind),
    anyOf(o.opportunityTypeId, f.opportunity_type_id, bind),
    anyOf(o.probability, f.probability, bind),
    anyOf(o.formId, f.forms, bind),
    f.tags?.length ? arrayOverlaps(o.tagIds, f.tags) : undefined,
    f.city_name ? foldedContains(contacts.cityName, f.city_name) : undefined,
    anyOf(contacts.stateCode, f.state_code),
    f.start_timestamp ? dateBound(dateColumn, f.start_timestamp, 'start', bind) : undefined,
    f.end_timestamp ? dateBound(dateColumn, f.end_timestamp, 'end', bind) : undefined,
    either(f.no_interaction, isNull(o.tma), isNotNull(o.tma)),
    f.idle_only ? sql`${o.updatedAt} < now() - interval '24 hours'` : undefined,
    either(f.has_user, isNotNull(o.userId), isNull(o.userId)),
    either(f.has_city_name, filled(contacts.cityName), blank(contacts.cityName)),
    either(f.has_state_code, filled(contacts.stateCode), blank(contacts.stateCode)),
    either(f.has_campaign, isNotNull(o.campaignId), isNull(o.campaignId)),
    either(f.has_product, isNotNull(o.productId), isNull(o.productId)),
    either(f.has_generator, filled(o.visitGenerator), blank(o.visitGenerator)),
    f.is_blacklisted === undefined
      ? undefined
      : sql`coalesce(${contacts.isBlacklisted}, false) = ${f.is_blacklisted}`,
    f.search ? searchCondition(f.search, bind) : undefined,
    ...callConditions(f),
  );
}

/**
 * The call filters: whether the card was called, how often, and whether a call of the period (all of them when
 * none is given) lasted so long or was answered; 'not_answered' is a card called in the period with no answered call
 * there.
 */
function callConditions(f: ListFilter): (SQL | undefined)[] {
  const ofCard = and(
    eq(calls.platformId, o.platformId),
    eq(calls.workspaceId, o.workspaceId),
    eq(calls.opportunityId, o.id),
  );
  const some = (where: SQL | undefined) => sql`exists (select 1 from ${calls} where ${and(ofCard, where)})`;
  const period = and(
    f.call_start_timestamp ? dateBound(calls.startedAt, f.call_start_timestamp, 'start') : undefined,
    f.call_end_timestamp ? dateBound(calls.startedAt, f.call_end_timestamp, 'end') : undefined,
  );
  const call = and(
    period,
    f.has_call_min_duration === undefined ? undefined : gte(calls.duration, f.has_call_min_duration),
    lastedAny(f.call_duration),
    f.call_answering === undefined ? undefined : eq(calls.answered, f.call_answering === 'answered'),
  );
  return [
    either(f.has_call, some(undefined), sql`not ${some(undefined)}`),
    call ? some(call) : undefined,
    f.call_answering === 'not_answered' ? sql`not ${some(and(period, eq(calls.answered, true)))}` : undefined,
    f.max_call_attempts === undefined
      ? undefined
      : sql`(select count(*) from ${calls} where ${ofCard}) <= ${f.max_call_attempts}`,
  ];
}

const contactOfCard = tenantJoin(contacts, o, eq(contacts.id, o.contactId));
const userOfCard = tenantJoin(users, o, eq(users.id, o.userId));
const productOfCard = tenantJoin(products, o, eq(products.id, o.productId));

const SORT_COLUMNS = {
  created_at: o.createdAt,
  updated_at: o.updatedAt,
  closed_at: o.closedAt,
  price: o.price,
  probability: o.probability,
  name: o.name,
} as const;

/** 'display_order' is the board: the highest first. Other fields ascend; '-field' descends. Ties by id. */
function orderOf(sort: string): SQL[] {
  const descending = sort.startsWith('-');
  const field = sort.replace(/^-/, '');
  if (field === 'display_order') {
    return descending ? [asc(o.displayOrder), asc(o.id)] : [desc(o.displayOrder), desc(o.id)];
  }
  const column = SORT_COLUMNS[field as keyof typeof SORT_COLUMNS] ?? o.id;
  const nulls = sql.raw(descending ? 'desc nulls last' : 'asc nulls last');
  return [sql`${column} ${nulls}`, descending ? desc(o.id) : asc(o.id)];
}

function listRowsQuery(db: DbOrTx, where: SQL | undefined, sort: string) {
  return db
    .select({
      card: o,
      userName: users.name,
      contactName: contacts.name,
      contactPhone: contacts.phoneNumber,
      productName: products.name,
    })
    .from(o)
    .leftJoin(users, userOfCard)
    .leftJoin(contacts, contactOfCard)
    .leftJoin(products, productOfCard)
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

function listCountQuery(db: DbOrTx, where: SQL | undefined, withContact: boolean) {
  const counted = db.select({ n: count() }).from(o).$dynamic();
  return (withContact ? counted.leftJoin(contacts, contactOfCard) : counted).where(where);
}

function prepareList(db: DbOrTx, where: SQL | undefined, sort: string, withContact: boolean, name: string) {
  return {
    rows: listRowsQuery(db, where, sort).prepare(`${name}_rows`),
    total: listCountQuery(db, where, withContact).prepare(`${name}_count`),
  };
}

/** The board's and the list's statements, per filter shape: a few dozen in a busy workspace's day. */
const listStatements = preparedPerShape<ReturnType<typeof prepareList>>('opportunity_list', 200);

/** A page of cards with their responsible, contact and product names: one query for the rows, one to count. */
export async function listOpportunities(
  db: DbOrTx,
  scope: Scope,
  filter: ListFilter,
  page: { sort: string; limit: number; offset: number },
) {
  const named = new NamedValues();
  const where = filterWhere(scope, filter, named.bind);
  const withContact = needsContact(filter);
  const statements = listStatements(db, shapeOf(where, page.sort, String(withContact)), (name) =>
    prepareList(db, where, page.sort, withContact, name),
  );
  const values = { ...named.values, limit: page.limit, offset: page.offset };
  const [rows, [total]] = await Promise.all([
    (statements?.rows ?? listRowsQuery(db, where, page.sort)).execute(values),
    (statements?.total ?? listCountQuery(db, where, withContact)).execute(values),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type ListRow = Awaited<ReturnType<typeof listOpportunities>>['rows'][number];

// ---- exports ---------------------------------------------------------------------------------------

const campaignOfCard = tenantJoin(campaigns, o, eq(campaigns.id, o.campaignId));

const stageOfCard = tenantJoin(salesStages, o, eq(salesStages.id, o.salesStageId));
const mediaOfCard = tenantJoin(medias, o, eq(medias.id, o.mediaId));

/**
 * The cards after `afterId` under the list's filters, by id, with the names an export shows: keyset pages, so a
 * million cards are read in constant memory and constant time per page.
 */
export function listExportPage(db: DbOrTx, scope: Scope, filter: ListFilter, afterId: number, limit: number) {
  return db
    .select({
      id: o.id,
      name: o.name,
      stateType: o.stateType,
      price: o.price,
      probability: o.probability,
      sourceType: o.sourceType,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
      closedAt: o.closedAt,
      stageName: salesStages.name,
      userName: users.name,
      contactName: contacts.name,
      contactPhone: contacts.phoneNumber,
      contactEmail: contacts.email,
      productName: products.name,
      campaignName: campaigns.name,
      mediaName: medias.name,
    })
    .from(o)
    .leftJoin(salesStages, stageOfCard)
    .leftJoin(users, userOfCard)
    .leftJoin(contacts, contactOfCard)
    .leftJoin(products, productOfCard)
    .leftJoin(campaigns, campaignOfCard)
    .leftJoin(medias, mediaOfCard)
    .where(and(filterWhere(scope, filter), gt(o.id, afterId)))
    .orderBy(asc(o.id))
    .limit(limit);
}
export type ExportCardRow = Awaited<ReturnType<typeof listExportPage>>[number];

// ---- batch selections ----------------------------------------------------------------------------

/** The cards a batch job picks: a filter, narrowed to a list of ids when the user picked them one by one. */
function selectionWhere(scope: Scope, filter: ListFilter, ids: number[] | null) {
  return and(filterWhere(scope, filter), ids ? inArray(o.id, ids) : undefined);
}

/** How many cards a batch selection picks now. */
export async function countSelection(db: DbOrTx, scope: Scope, filter: ListFilter, ids: number[] | null) {
  const counted = db.select({ n: count() }).from(o).$dynamic();
  const [row] = await (needsContact(filter) ? counted.leftJoin(contacts, contactOfCard) : counted).where(
    selectionWhere(scope, filter, ids),
  );
  return row?.n ?? 0;
}

/** A keyset page of the ids of a batch selection after `afterId`: a job pages through millions by the primary key. */
export async function listSelectionPage(
  db: DbOrTx,
  scope: Scope,
  filter: ListFilter,
  ids: number[] | null,
  afterId: number,
  limit: number,
) {
  const page = db.select({ id: o.id }).from(o).$dynamic();
  const rows = await (needsContact(filter) ? page.leftJoin(contacts, contactOfCard) : page)
    .where(and(selectionWhere(scope, filter, ids), gt(o.id, afterId)))
    .orderBy(asc(o.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The ids of the cards a filter picks, in board order (top first), at most `limit`: a call queue's cards. */
export async function listSelectionInBoardOrder(db: DbOrTx, scope: Scope, filter: ListFilter, limit: number) {
  const page = db.select({ id: o.id }).from(o).$dynamic();
  const rows = await (needsContact(filter) ? page.leftJoin(contacts, contactOfCard) : page)
    .where(filterWhere(scope, filter))
    .orderBy(...orderOf('display_order'))
    .limit(limit);
  return rows.map((row) => row.id);
}

// ---- batch messaging ------------------------------------------------------------------------------

/** A card with a phone and not black-listed: what a batch message may reach. */
const reachable = and(filled(contacts.phoneNumber), eq(contacts.isBlacklisted, false));

/**
 * The cards a batch reaches under the list's filters: one per phone (the most recently changed card of each),
 * with a phone, not black-listed. At most `limit` rows.
 */
export function listAudience(db: DbOrTx, scope: Scope, filter: ListFilter, limit: number) {
  return db
    .selectDistinctOn([contacts.phoneNumber], {
      opportunityId: o.id,
      userId: o.userId,
      phoneNumber: sql<string>`${contacts.phoneNumber}`,
    })
    .from(o)
    .innerJoin(contacts, contactOfCard)
    .where(and(filterWhere(scope, filter), reachable))
    .orderBy(contacts.phoneNumber, desc(o.updatedAt), desc(o.id))
    .limit(limit);
}

/** What the batch placeholders read of these cards at send time, and whether each may still be reached. */
export function listBatchCards(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: o.id,
      contactId: o.contactId,
      price: o.price,
      userName: users.name,
      contactName: contacts.name,
      cityName: contacts.cityName,
      phoneNumber: contacts.phoneNumber,
      isBlacklisted: contacts.isBlacklisted,
      productName: products.name,
      productPrice: products.price,
      campaignName: campaigns.name,
    })
    .from(o)
    .leftJoin(users, userOfCard)
    .leftJoin(contacts, contactOfCard)
    .leftJoin(products, productOfCard)
    .leftJoin(campaigns, campaignOfCard)
    .where(and(inScope(scope), inArray(o.id, ids)));
}
export type BatchCardRow = Awaited<ReturnType<typeof listBatchCards>>[number];

/** Count and price total per stage under the list's filters. */
export function summarizeByStage(db: DbOrTx, scope: Scope, filter: ListFilter) {
  return readsDayTotals(filter)
    ? summarizeFromDayTotals(db, scope, filter)
    : summarizeCards(db, scope, filter);
}

/** The day totals answer a period of updated_at, optionally of some stages, for everyone's cards: the board. */
function readsDayTotals(filter: ListFilter): boolean {
  const { timestamp_attribute, start_timestamp, end_timestamp, sales_stage_id, ...others } = filter;
  return (
    timestamp_attribute === 'updated_at' &&
    Object.values(others).every(
      (value) => value === undefined || (Array.isArray(value) && value.length === 0),
    )
  );
}

const zone = sql.raw(`'${APP_TIME_ZONE}'`);
const dayOf = (instant: SQL) => sql`((${instant}) at time zone ${zone})::date`;
const midnightOf = (day: SQL) => sql`(${day})::timestamp at time zone ${zone}`;

/** The period as [from, to): a 'YYYY-MM-DD' start is its midnight, an end its next midnight; instants are kept. */
function halfOpenPeriod(filter: ListFilter) {
  const { start_timestamp: start, end_timestamp: end } = filter;
  const from =
    start === undefined
      ? undefined
      : isCalendarDay(start)
        ? midnightOf(sql`${start}::date`)
        : sql`${start}::timestamptz`;
  const to =
    end === undefined
      ? undefined
      : isCalendarDay(end)
        ? midnightOf(sql`${end}::date + 1`)
        : sql`${end}::timestamptz + interval '1 microsecond'`;
  return { from, to };
}

/**
 * Whole days inside the period come from the day totals (kept by triggers on each change); the partial first and
 * last days come from the cards themselves. For three months of a million cards that is ~900 small rows and a
 * day or two of cards, where counting the cards read every one of the period.
 */
function summarizeFromDayTotals(db: DbOrTx, scope: Scope, filter: ListFilter) {
  const { from, to } = halfOpenPeriod(filter);
  const afterFirstDay = from && midnightOf(sql`${dayOf(from)} + 1`);
  const lastMidnight = to && midnightOf(dayOf(to));
  const between = (start: SQL, end: SQL | undefined) =>
    and(sql`${o.updatedAt} >= ${start}`, end ? sql`${o.updatedAt} < ${end}` : undefined);
  const partialDays = or(
    from ? between(from, to ? sql`least(${afterFirstDay}, ${to})` : afterFirstDay) : undefined,
    to && lastMidnight
      ? between(afterFirstDay ? sql`greatest(${lastMidnight}, ${afterFirstDay})` : lastMidnight, to)
      : undefined,
  );
  const d = opportunityStageDays;
  const wholeDays = db
    .select({
      stage: d.salesStageId,
      n: sql<number>`${d.cards}::bigint`.as('n'),
      total: sql<number>`${d.total}`.as('total'),
    })
    .from(d)
    .where(
      and(
        eq(d.platformId, scope.platformId),
        eq(d.workspaceId, scope.workspaceId),
        anyOf(d.salesStageId, filter.sales_stage_id),
        from ? sql`${d.day} > ${dayOf(from)}` : undefined,
        to ? sql`${d.day} < ${dayOf(to)}` : undefined,
      ),
    );
  const parts = partialDays
    ? wholeDays.unionAll(
        db
          .select({
            stage: o.salesStageId,
            n: sql<number>`count(*)`.as('n'),
            total: sql<number>`sum(${o.price})`.as('total'),
          })
          .from(o)
          .where(and(inScope(scope), anyOf(o.salesStageId, filter.sales_stage_id), partialDays))
          .groupBy(o.salesStageId),
      )
    : wholeDays;
  const period = parts.as('period');
  return db
    .select({
      salesStageId: period.stage,
      count: sql<number>`sum(${period.n})::int`.mapWith(Number),
      totalPrice: sql<number>`coalesce(sum(${period.total}), 0)::float8`.mapWith(Number),
    })
    .from(period)
    .groupBy(period.stage)
    .having(sql`sum(${period.n}) > 0`);
}

/**
 * Any other filter counts the cards. One aggregate per stage of the workspace (a lateral join) lets each read a
 * range of the stage + updated_at index instead of scanning every card of the period.
 */
function summarizeCards(db: DbOrTx, scope: Scope, filter: ListFilter) {
  const cards = db
    .select({
      n: count().as('n'),
      total: sql<number>`coalesce(sum(${o.price}), 0)::float8`.as('total'),
    })
    .from(o)
    .$dynamic();
  const perStage = (needsContact(filter) ? cards.leftJoin(contacts, contactOfCard) : cards)
    .where(and(filterWhere(scope, filter), eq(o.salesStageId, salesStages.id)))
    .as('per_stage');
  return db
    .select({
      salesStageId: salesStages.id,
      count: sql<number>`${perStage.n}`.mapWith(Number),
      totalPrice: sql<number>`${perStage.total}`.mapWith(Number),
    })
    .from(salesStages)
    .crossJoinLateral(perStage)
    .where(
      and(
        eq(salesStages.platformId, scope.platformId),
        eq(salesStages.workspaceId, scope.workspaceId),
        sql`${perStage.n} > 0`,
      ),
    );
}

// ---- one card ---------------------------------------------------------------------------------

/** A card with everything its detail shows, in one query. */
export async function findOpportunity(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      card: o,
      userName: users.name,
      contact: contacts,
      product: { id: products.id, name: products.name, price: products.price },
      media: { id: medias.id, name: medias.name },
      campaign: { id: campaigns.id, name: campaigns.name },
      stage: { id: salesStages.id, name: salesStages.name, color: salesStages.color, type: salesStages.type },
      workspace: { id: workspaces.id, name: workspaces.name },
    })
    .from(o)
    .innerJoin(salesStages, tenantJoin(salesStages, o, eq(salesStages.id, o.salesStageId)))
    .innerJoin(workspaces, tenantJoin(workspaces, o, eq(workspaces.id, o.workspaceId)))
    .leftJoin(users, userOfCard)
    .leftJoin(contacts, contactOfCard)
    .leftJoin(products, productOfCard)
    .leftJoin(medias, tenantJoin(medias, o, eq(medias.id, o.mediaId)))
    .leftJoin(campaigns, tenantJoin(campaigns, o, eq(campaigns.id, o.campaignId)))
    .where(and(inScope(scope), eq(o.id, id)))
    .limit(1);
  return row;
}
export type DetailRow = NonNullable<Awaited<ReturnType<typeof findOpportunity>>>;

/** The card's newest enrolment, as its status card shows it, or undefined. */
export async function findCardContract(db: DbOrTx, scope: Scope, opportunityId: number) {
  const [row] = await db
    .select({
      id: contracts.id,
      createdAt: contracts.createdAt,
      paymentStatus: contracts.paymentStatus,
      enrollmentFee: contracts.enrollmentFee,
      paymentDueDate: contracts.paymentDueDate,
    })
    .from(contracts)
    .where(and(ofWorkspace(contracts, scope), eq(contracts.opportunityId, opportunityId)))
    .orderBy(desc(contracts.id))
    .limit(1);
  return row;
}
export type CardContractRow = NonNullable<Awaited<ReturnType<typeof findCardContract>>>;

/** The newest open card of a contact (a message from them lands there), or undefined. */
export async function findNewestOpenOfContact(db: DbOrTx, scope: Scope, contactId: number) {
  const [row] = await db
    .select({ id: o.id, userId: o.userId, contactId: o.contactId })
    .from(o)
    .where(and(inScope(scope), eq(o.contactId, contactId), eq(o.stateType, 'Open')))
    .orderBy(desc(o.id))
    .limit(1);
  return row;
}

/** Cards of the workspace, locked until the transaction ends (in id order, so two writers never deadlock). */
export function lockOpportunities(tx: DbOrTx, scope: Scope, ids: number[]) {
  return tx
    .select()
    .from(o)
    .where(and(inScope(scope), inArray(o.id, ids)))
    .orderBy(asc(o.id))
    .for('update');
}

export async function updateOpportunity(tx: DbOrTx, scope: Scope, id: number, patch: OpportunityPatch) {
  await tx
    .update(o)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(o.id, id)));
}

/**
 * The card's response time, set once: the seconds from its arrival (or its recreation) to `at`, on an open card
 * that has none yet. One conditional update, so two first answers at once set it once; it answers the card only
 * when this call set it. A card already answered is not locked by it.
 */
export async function setFirstResponseTime(tx: DbOrTx, scope: Scope, id: number, at: Date) {
  const startedAt = sql`coalesce(${o.recreatedAt}, ${o.createdAt})`;
  const [row] = await tx
    .update(o)
    .set({
      tma: sql`greatest(0, floor(extract(epoch from (${at.toISOString()}::timestamptz - ${startedAt}))))::int`,
      updatedAt: sql`now()`,
    })
    .where(and(inScope(scope), eq(o.id, id), isNull(o.tma), eq(o.stateType, 'Open')))
    .returning({
      id: o.id,
      contactId: o.contactId,
      userId: o.userId,
      tma: o.tma,
      createdAt: o.createdAt,
      recreatedAt: o.recreatedAt,
    });
  return row ?? null;
}

/** Moves a card to another workspace of the platform with the columns that change with it. */
export async function moveOpportunity(
  tx: DbOrTx,
  from: Scope,
  to: Scope,
  id: number,
  patch: OpportunityPatch,
) {
  await tx
    .update(o)
    .set({ ...patch, workspaceId: to.workspaceId, updatedAt: sql`now()` })
    .where(and(inScope(from), eq(o.id, id)));
}

// Any fixed number: it names the board-column locks among the server's advisory locks.
const COLUMN_LOCK = 0x4f505031;

/**
 * One above the highest display order of a stage's column. The column stays locked until the transaction
 * ends, so two cards sent to the top at once get different places, in the order they came.
 */
export async function topOfColumn(tx: DbOrTx, scope: Scope, stageId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COLUMN_LOCK}, ${stageId})`);
  const [row] = await tx
    .select({ top: sql<number>`coalesce(max(${o.displayOrder}), 0) + 1`.mapWith(Number) })
    .from(o)
    .where(and(inScope(scope), eq(o.salesStageId, stageId)));
  return row?.top ?? 1;
}

// ---- what other features hold of a card (read here, written by them) -----------------------------

export async function countCardTasks(db: DbOrTx, scope: Scope, opportunityId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(tasks)
    .where(and(ofWorkspace(tasks, scope), eq(tasks.opportunityId, opportunityId)));
  return row?.total ?? 0;
}

/** A card's rooms, newest first, with their bot's name; `limit` keeps the newest ones. */
export function listCardDialogs(db: DbOrTx, scope: Scope, opportunityId: number, limit?: number) {
  const rooms = db
    .select({ id: dialogs.id, userId: dialogs.userId, closedAt: dialogs.closedAt, botName: bots.name })
    .from(dialogs)
    .innerJoin(bots, tenantJoin(bots, dialogs, eq(bots.id, dialogs.botId)))
    .where(and(ofWorkspace(dialogs, scope), eq(dialogs.opportunityId, opportunityId)))
    .orderBy(desc(dialogs.id))
    .$dynamic();
  return limit === undefined ? rooms : rooms.limit(limit);
}

type Value = number | Placeholder;

function openRoomsQuery(db: DbOrTx, platformId: Value, workspaceId: Value, opportunityIds: Value[]) {
  return db
    .selectDistinct({ id: dialogs.opportunityId })
    .from(dialogs)
    .where(
      and(
        eq(dialogs.platformId, platformId),
        eq(dialogs.workspaceId, workspaceId),
        inArray(dialogs.opportunityId, opportunityIds),
        isNull(dialogs.closedAt),
      ),
    );
}

/** The open-room statement per number of cards asked (a board page asks at most its page size). */
const openRoomsOf = preparedPerDb((db: DbOrTx, cards: `${number}`) =>
  openRoomsQuery(
    db,
    sql.placeholder('platform'),
    sql.placeholder('workspace'),
    Array.from({ length: Number(cards) }, (_, i) => sql.placeholder(`card${i}`)),
  ).prepare(`open_rooms_of_${cards}`),
);
const OPEN_ROOMS_PREPARED_UP_TO = 100;

/** Which of these cards have an open room. */
export async function cardsWithOpenRoom(db: DbOrTx, scope: Scope, opportunityIds: number[]) {
  if (opportunityIds.length === 0) return new Set<number>();
  let rows: { id: number | null }[];
  if (opportunityIds.length > OPEN_ROOMS_PREPARED_UP_TO) {
    rows = await openRoomsQuery(db, scope.platformId, scope.workspaceId, opportunityIds);
  } else {
    const values: Record<string, number> = { platform: scope.platformId, workspace: scope.workspaceId };
    opportunityIds.forEach((id, i) => {
      values[`card${i}`] = id;
    });
    rows = await openRoomsOf(db, `${opportunityIds.length}`).execute(values);
  }
  return new Set(rows.map((r) => r.id));
}
