import type { PlanningType, ProductCategory, ProductModality, StageType } from '@vendaval/core/constants';
import type { PlanningListQuery } from '@vendaval/core/schemas/planning';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dateBound } from '../../infra/date-bound.ts';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { products, salesStages } from '../../schema/catalog.tables.ts';
import { historyLogs } from '../../schema/history.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { planningActions, planningMedias, plannings } from '../../schema/planning.tables.ts';

export type PlanningRow = typeof plannings.$inferSelect;
export type PlanningMediaRow = typeof planningMedias.$inferSelect;
export type PlanningActionRow = typeof planningActions.$inferSelect;
type Owned = 'id' | 'platformId' | 'workspaceId' | 'createdAt' | 'updatedAt';
export type PlanningInsert = Omit<typeof plannings.$inferInsert, Owned>;
export type PlanningMediaInsert = Omit<typeof planningMedias.$inferInsert, Owned>;
export type PlanningActionInsert = Omit<typeof planningActions.$inferInsert, Owned>;

const tenant = (scope: Scope) => ({ platformId: scope.platformId, workspaceId: scope.workspaceId });

export async function insertPlanning(tx: DbOrTx, scope: Scope, values: PlanningInsert) {
  const [row] = await tx
    .insert(plannings)
    .values({ ...values, ...tenant(scope) })
    .returning();
  return row as PlanningRow;
}

/** The plan, locked for the change that follows when `forUpdate`. */
export async function findPlanning(db: DbOrTx, scope: Scope, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(plannings)
    .where(and(ofWorkspace(plannings, scope), eq(plannings.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updatePlanning(tx: DbOrTx, scope: Scope, id: number, values: Partial<PlanningInsert>) {
  const [row] = await tx
    .update(plannings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofWorkspace(plannings, scope), eq(plannings.id, id)))
    .returning();
  return row as PlanningRow;
}

/** The planning list filter (platform.md §3) as SQL; 'Disponível' is a plan the unit may still write. */
function listWhere(scope: Scope, filter: Omit<PlanningListQuery, 'limit' | 'offset'>): SQL {
  const dateColumn = filter.dateType === 'updated_at' ? plannings.updatedAt : plannings.createdAt;
  return and(
    ofWorkspace(plannings, scope),
    eq(plannings.type, filter.type),
    filter.year === undefined ? undefined : eq(plannings.year, filter.year),
    filter.phase === undefined ? undefined : eq(plannings.phase, filter.phase),
    filter.start_timestamp ? dateBound(dateColumn, filter.start_timestamp, 'start') : undefined,
    filter.end_timestamp ? dateBound(dateColumn, filter.end_timestamp, 'end') : undefined,
    filter.start_at === undefined ? undefined : gte(plannings.year, filter.start_at),
    filter.end_at === undefined ? undefined : lte(plannings.year, filter.end_at),
    filter.user_id?.length ? inArray(plannings.createdBy, filter.user_id) : undefined,
    filter.status === undefined
      ? undefined
      : filter.status
        ? ne(plannings.phase, 'Submitted')
        : eq(plannings.phase, 'Submitted'),
  ) as SQL;
}

export async function listPlannings(
  db: DbOrTx,
  scope: Scope,
  filter: Omit<PlanningListQuery, 'limit' | 'offset'>,
  page: { limit: number; offset: number },
) {
  const where = listWhere(scope, filter);
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(plannings)
        .where(where)
        .orderBy(desc(plannings.year), desc(plannings.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(plannings).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export function listMediasOfPlans(db: DbOrTx, scope: Scope, planningIds: number[]) {
  return db
    .select()
    .from(planningMedias)
    .where(and(ofWorkspace(planningMedias, scope), inArray(planningMedias.planningId, planningIds)))
    .orderBy(asc(planningMedias.id));
}

export async function findPlanningMedia(db: DbOrTx, scope: Scope, planningId: number, id: number) {
  const [row] = await db
    .select()
    .from(planningMedias)
    .where(
      and(
        ofWorkspace(planningMedias, scope),
        eq(planningMedias.planningId, planningId),
        eq(planningMedias.id, id),
      ),
    );
  return row;
}

export async function insertPlanningMedia(tx: DbOrTx, scope: Scope, values: PlanningMediaInsert) {
  const [row] = await tx
    .insert(planningMedias)
    .values({ ...values, ...tenant(scope) })
    .returning();
  return row as PlanningMediaRow;
}

export async function updatePlanningMedia(
  tx: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<PlanningMediaInsert>,
) {
  const [row] = await tx
    .update(planningMedias)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofWorkspace(planningMedias, scope), eq(planningMedias.id, id)))
    .returning();
  return row as PlanningMediaRow;
}

export function deletePlanningMedia(tx: DbOrTx, scope: Scope, id: number) {
  return tx.delete(planningMedias).where(and(ofWorkspace(planningMedias, scope), eq(planningMedias.id, id)));
}

export function listPlanningActions(db: DbOrTx, scope: Scope, planningId: number) {
  return db
    .select()
    .from(planningActions)
    .where(and(ofWorkspace(planningActions, scope), eq(planningActions.planningId, planningId)))
    .orderBy(asc(planningActions.when), asc(planningActions.id));
}

export async function findPlanningAction(db: DbOrTx, scope: Scope, planningId: number, id: number) {
  const [row] = await db
    .select()
    .from(planningActions)
    .where(
      and(
        ofWorkspace(planningActions, scope),
        eq(planningActions.planningId, planningId),
        eq(planningActions.id, id),
      ),
    );
  return row;
}

export async function insertPlanningAction(tx: DbOrTx, scope: Scope, values: PlanningActionInsert) {
  const [row] = await tx
    .insert(planningActions)
    .values({ ...values, ...tenant(scope) })
    .returning();
  return row as PlanningActionRow;
}

export async function updatePlanningAction(
  tx: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<PlanningActionInsert>,
) {
  const [row] = await tx
    .update(planningActions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofWorkspace(planningActions, scope), eq(planningActions.id, id)))
    .returning();
  return row as PlanningActionRow;
}

export function deletePlanningAction(tx: DbOrTx, scope: Scope, id: number) {
  return tx
    .delete(planningActions)
    .where(and(ofWorkspace(planningActions, scope), eq(planningActions.id, id)));
}

const VISIT_STAGE_TYPES: StageType[] = ['Scheduled', 'Negotiation'];
const visitStages = alias(salesStages, 'visit_stages');

/**
 * Whether a card reached a visit: it is won, it is in a Scheduled or Negotiation stage now, or its history shows it
 * moved into one and then on. The history names stages by name, so an entry counts when it names one of the
 * workspace's visit stages. Needs the card's stage joined as `salesStages`.
 */
function reachedVisit(db: DbOrTx, scope: Scope): SQL {
  const movedIntoVisit = db
    .select({ id: historyLogs.id })
    .from(historyLogs)
    .innerJoin(
      visitStages,
      and(
        ofWorkspace(visitStages, scope),
        inArray(visitStages.type, VISIT_STAGE_TYPES),
        eq(visitStages.name, sql`${historyLogs.data}->>'to_name'`),
      ),
    )
    .where(
      and(
        ofWorkspace(historyLogs, scope),
        eq(historyLogs.opportunityId, opportunities.id),
        eq(historyLogs.type, 'OpportunitySalesStageUpdated'),
      ),
    );
  return or(
    eq(opportunities.stateType, 'Won'),
    inArray(salesStages.type, VISIT_STAGE_TYPES),
    exists(movedIntoVisit),
  ) as SQL;
}

/** The workspace's real funnel from its cards: every card is a lead, those that reached a visit are visits, won ones enrolments. */
export async function cardFunnel(db: DbOrTx, scope: Scope) {
  const won = eq(opportunities.stateType, 'Won');
  const [row] = await db
    .select({
      leads: count(),
      visits: sql<number>`count(*) filter (where ${reachedVisit(db, scope)})`.mapWith(Number),
      enrollments: sql<number>`count(*) filter (where ${won})`.mapWith(Number),
    })
    .from(opportunities)
    .innerJoin(
      salesStages,
      tenantJoin(salesStages, opportunities, eq(salesStages.id, opportunities.salesStageId)),
    )
    .where(ofWorkspace(opportunities, scope));
  return row ?? { leads: 0, visits: 0, enrollments: 0 };
}

/** Won cards of a modality (a card without a product counts on site), optionally of a product category. */
function wonOf(modality: ProductModality, category?: ProductCategory): SQL {
  const ofModality =
    modality === 'remote'
      ? eq(products.modality, 'remote')
      : or(isNull(products.id), eq(products.modality, 'on_site'));
  return and(ofModality, category ? eq(products.category, category) : undefined) as SQL;
}
const countOf = (filter: SQL) => sql<number>`count(*) filter (where ${filter})`.mapWith(Number);
const incomeOf = (filter: SQL) =>
  sql<number>`coalesce(sum(${opportunities.price}) filter (where ${filter}), 0)`.mapWith(Number);

/**
 * Actuals per month (Brasília time) of the won cards closed in a year, split as the goals are: the product's
 * modality says on site or remote (no product: on site), so on site + remote = every win. Enrolment: a win of an
 * 'enrollment' product or of none; courseware: of a 'courseware' product; sale: a win with a product; income: price.
 */
export async function wonByMonth(db: DbOrTx, scope: Scope, year: number) {
  const local = sql`(${opportunities.closedAt} at time zone 'America/Sao_Paulo')`;
  const month = sql<number>`extract(month from ${local})::int`.mapWith(Number);
  const enrolment = or(isNull(products.id), eq(products.category, 'enrollment')) as SQL;
  const split = (modality: ProductModality) => ({
    enrollments: countOf(and(wonOf(modality), enrolment) as SQL),
    sales: countOf(and(wonOf(modality), isNotNull(products.id)) as SQL),
    courseware: countOf(wonOf(modality, 'courseware')),
    income: incomeOf(wonOf(modality)),
  });
  const [onSite, remote] = [split('on_site'), split('remote')];
  return db
    .select({
      month,
      ...onSite,
      remote_enrollments: remote.enrollments,
      remote_sales: remote.sales,
      remote_courseware: remote.courseware,
      remote_income: remote.income,
    })
    .from(opportunities)
    .leftJoin(products, tenantJoin(products, opportunities, eq(products.id, opportunities.productId)))
    .where(
      and(
        ofWorkspace(opportunities, scope),
        eq(opportunities.stateType, 'Won'),
        inYear(opportunities.closedAt, year),
      ),
    )
    .groupBy(month);
}

export type WonMonth = Awaited<ReturnType<typeof wonByMonth>>[number];

/** The plan of a type and year, if the workspace has one. */
export async function findPlanningOfYear(db: DbOrTx, scope: Scope, type: PlanningType, year: number) {
  const [row] = await db
    .select()
    .from(plannings)
    .where(and(ofWorkspace(plannings, scope), eq(plannings.type, type), eq(plannings.year, year)));
  return row;
}

/** The regular plans of a year in some workspaces of the platform (the units a person works in). */
export function plansOfWorkspaces(db: DbOrTx, platformId: number, workspaceIds: number[], year: number) {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: plannings.id, workspaceId: plannings.workspaceId, phase: plannings.phase })
    .from(plannings)
    .where(
      and(
        eq(plannings.platformId, platformId),
        inArray(plannings.workspaceId, workspaceIds),
        eq(plannings.type, 'regular'),
        eq(plannings.year, year),
      ),
    );
}

/** A year in Brasília time as bounds on an instant column. */
function inYear(column: AnyColumn, year: number): SQL {
  return and(
    sql`${column} >= (${`${year}-01-01 00:00:00`}::timestamp at time zone 'America/Sao_Paulo')`,
    sql`${column} < (${`${year + 1}-01-01 00:00:00`}::timestamp at time zone 'America/Sao_Paulo')`,
  ) as SQL;
}

/** Cards created in each month (Brasília time) of a year: the leads behind the plan. */
export function leadsByMonth(db: DbOrTx, scope: Scope, year: number) {
  const month =
    sql<number>`extract(month from (${opportunities.createdAt} at time zone 'America/Sao_Paulo'))::int`.mapWith(
      Number,
    );
  return db
    .select({ month, leads: count() })
    .from(opportunities)
    .where(and(ofWorkspace(opportunities, scope), inYear(opportunities.createdAt, year)))
    .groupBy(month);
}

/**
 * The PDCA's indicators of a year per campaign and media: leads are cards created in the year, visits those of
 * them that reached a visit (as the funnel counts them), enrolments the cards
 * won in the year. One grouped read serves every action of the plan.
 */
export async function indicatorsByCampaignAndMedia(db: DbOrTx, scope: Scope, year: number) {
  const created = inYear(opportunities.createdAt, year);
  const won = and(eq(opportunities.stateType, 'Won'), inYear(opportunities.closedAt, year)) as SQL;
  const visited = and(created, reachedVisit(db, scope)) as SQL;
  return db
    .select({
      campaignId: opportunities.campaignId,
      mediaId: opportunities.mediaId,
      leads: sql<number>`count(*) filter (where ${created})`.mapWith(Number),
      visits: sql<number>`count(*) filter (where ${visited})`.mapWith(Number),
      enrollments: sql<number>`count(*) filter (where ${won})`.mapWith(Number),
    })
    .from(opportunities)
    .innerJoin(
      salesStages,
      tenantJoin(salesStages, opportunities, eq(salesStages.id, opportunities.salesStageId)),
    )
    .where(and(ofWorkspace(opportunities, scope), or(created, won)))
    .groupBy(opportunities.campaignId, opportunities.mediaId);
}
