import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { salesStages } from '../../schema/catalog.tables.ts';
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

export async function listPlannings(
  db: DbOrTx,
  scope: Scope,
  filter: { year?: number | undefined; phase?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    ofWorkspace(plannings, scope),
    filter.year === undefined ? undefined : eq(plannings.year, filter.year),
    filter.phase === undefined ? undefined : eq(plannings.phase, filter.phase as PlanningRow['phase']),
  ) as SQL;
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

/**
 * The workspace's real funnel from its cards: every card is a lead; a card that reached a visit is one now in a
 * Scheduled or Negotiation stage, or won; a won card is an enrolment.
 */
export async function cardFunnel(db: DbOrTx, scope: Scope) {
  const won = eq(opportunities.stateType, 'Won');
  const visited = or(won, inArray(salesStages.type, ['Scheduled', 'Negotiation'])) as SQL;
  const [row] = await db
    .select({
      leads: count(),
      visits: sql<number>`count(*) filter (where ${visited})`.mapWith(Number),
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

/**
 * Actuals per month (Brasília time) of a year, from the workspace's won cards closed in it: every won card is an
 * enrolment; one that carries a product is also a sale; its price is income. Cards hold no on-site/remote marker
 * (no modality field, and the opportunity type is a free list each brand names its own way), so every won card
 * counts on-site and the remote actuals stay unknown.
 */
export async function wonByMonth(db: DbOrTx, scope: Scope, year: number) {
  const local = sql`(${opportunities.closedAt} at time zone 'America/Sao_Paulo')`;
  const month = sql<number>`extract(month from ${local})::int`.mapWith(Number);
  const from = `${year}-01-01 00:00:00`;
  const until = `${year + 1}-01-01 00:00:00`;
  return db
    .select({
      month,
      enrollments: count(),
      sales: sql<number>`count(${opportunities.productId})`.mapWith(Number),
      income: sql<number>`coalesce(sum(${opportunities.price}), 0)`.mapWith(Number),
    })
    .from(opportunities)
    .where(
      and(
        ofWorkspace(opportunities, scope),
        eq(opportunities.stateType, 'Won'),
        sql`${opportunities.closedAt} >= (${from}::timestamp at time zone 'America/Sao_Paulo')`,
        sql`${opportunities.closedAt} < (${until}::timestamp at time zone 'America/Sao_Paulo')`,
      ),
    )
    .groupBy(month);
}
