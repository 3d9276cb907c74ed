import {
  PLANNING_PHASES,
  type PlanningPhase,
  type PlanningType,
  planningStatusNumber,
  planningYears,
} from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canEditPlanning, canSendBackPlanning } from '@vendaval/core/permissions';
import type {
  GraduationListQuery,
  GraduationPlanningCreate,
  GraduationPlanningUpdate,
  Pdca,
  PdcaAction,
  PdcaUpdate,
  Planning,
  PlanningAction,
  PlanningActionCreate,
  PlanningActionUpdate,
  PlanningActual,
  PlanningCreate,
  PlanningFunnel,
  PlanningGoal,
  PlanningGoalInput,
  PlanningListQuery,
  PlanningMedia,
  PlanningMediaCreate,
  PlanningMediaUpdate,
  PlanningPhaseChange,
  PlanningSummary,
  PlanningUpdate,
} from '@vendaval/core/schemas/planning';
import type { WorkspaceContext } from '../../infra/context.ts';
import { brokenConstraint, type Db, type DbOrTx } from '../../infra/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { findLookupItem } from '../catalog/catalog.service.ts';
import { findMembership } from '../users/users.service.ts';
import * as q from './planning.queries.ts';

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

function toSummary(row: q.PlanningRow): PlanningSummary {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    year: row.year,
    type: row.type,
    phase: row.phase,
    status: planningStatusNumber(row.phase),
    start_month: row.startMonth,
    end_month: row.endMonth,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toPlanningMedia(row: q.PlanningMediaRow): PlanningMedia {
  const months = [...row.months].sort((a, b) => a.month - b.month);
  return {
    id: row.id,
    planning_id: row.planningId,
    media_id: row.mediaId,
    campaign_id: row.campaignId,
    months,
    total_budget: Math.round(months.reduce((sum, m) => sum + m.budget, 0) * 100) / 100,
    total_expected_leads: months.reduce((sum, m) => sum + m.expected_leads, 0),
  };
}

function toAction(row: q.PlanningActionRow): PlanningAction {
  return {
    id: row.id,
    planning_id: row.planningId,
    what: row.what,
    why: row.why,
    where: row.where,
    when: row.when,
    who_user_id: row.whoUserId,
    how: row.how,
    how_much: row.howMuch,
    media_id: row.mediaId,
    campaign_id: row.campaignId,
    indicator: row.indicator,
    target: row.target,
    pdca_state: row.pdcaState,
    corrective_action: row.correctiveAction,
  };
}

/**
 * Leads and visits behind each month's enrolment goal (on-site plus remote). The plan's own rates win; without
 * them the workspace's real rates from its cards; without cards no rate, and the counts stay empty.
 */
async function funnelOf(db: DbOrTx, scope: Scope, row: q.PlanningRow): Promise<PlanningFunnel> {
  let visitRate = row.leadToVisitRate;
  let enrollmentRate = row.visitToEnrollmentRate;
  let source: PlanningFunnel['rates_source'] = visitRate !== null || enrollmentRate !== null ? 'plan' : null;
  if (visitRate === null || enrollmentRate === null) {
    const real = await q.cardFunnel(db, scope);
    const realVisit = real.leads > 0 && real.visits > 0 ? round1((real.visits / real.leads) * 100) : null;
    const realEnrol =
      real.visits > 0 && real.enrollments > 0 ? round1((real.enrollments / real.visits) * 100) : null;
    if (visitRate === null && realVisit !== null) {
      visitRate = realVisit;
      source ??= 'workspace';
    }
    if (enrollmentRate === null && realEnrol !== null) {
      enrollmentRate = realEnrol;
      source ??= 'workspace';
    }
  }
  const months = goalMonths(row).map((goal) => {
    const enrollments = goal.enrollments + goal.remote_enrollments;
    const visits = enrollmentRate ? Math.ceil((enrollments * 100) / enrollmentRate) : null;
    const leads = visits !== null && visitRate ? Math.ceil((visits * 100) / visitRate) : null;
    return { month: goal.month, enrollments, visits, leads };
  });
  return {
    lead_to_visit_rate: visitRate,
    visit_to_enrollment_rate: enrollmentRate,
    rates_source: source,
    months,
  };
}

const emptyGoal = (month: number): PlanningGoal => ({
  month,
  enrollments: 0,
  remote_enrollments: 0,
  sales: 0,
  remote_sales: 0,
  courseware: 0,
  remote_courseware: 0,
  income: 0,
  remote_income: 0,
});

/** Every month of the plan's range, with its goals or zeros. */
function goalMonths(row: q.PlanningRow): PlanningGoal[] {
  const out: PlanningGoal[] = [];
  for (let month = row.startMonth; month <= row.endMonth; month++)
    out.push(row.goals.find((g) => g.month === month) ?? emptyGoal(month));
  return out;
}

const wonFigures = (m: q.WonMonth): PlanningGoal => ({
  ...m,
  income: round2(m.income),
  remote_income: round2(m.remote_income),
});

/** What the won cards did in each month of the range (see wonByMonth): a month without a win counts zero. */
export async function actualsOf(
  db: DbOrTx,
  scope: Scope,
  row: Pick<q.PlanningRow, 'year' | 'startMonth' | 'endMonth'>,
): Promise<PlanningActual[]> {
  const won = await q.wonByMonth(db, scope, row.year);
  const out: PlanningActual[] = [];
  for (let month = row.startMonth; month <= row.endMonth; month++) {
    const m = won.find((w) => w.month === month);
    out.push(m ? wonFigures(m) : emptyGoal(month));
  }
  return out;
}

async function toPlanning(db: DbOrTx, scope: Scope, row: q.PlanningRow): Promise<Planning> {
  const [funnel, medias] = [await funnelOf(db, scope, row), await q.listMediasOfPlans(db, scope, [row.id])];
  return {
    ...toSummary(row),
    goals: goalMonths(row),
    actuals: await actualsOf(db, scope, row),
    funnel,
    medias: medias.map(toPlanningMedia),
    phase_history: row.phaseHistory,
  };
}

async function planOf(db: DbOrTx, ctx: Scope, id: number, forUpdate = false) {
  const row = await q.findPlanning(db, ctx, id, forUpdate);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

/** The unit writes its plan until it is submitted. */
function assertEditable(ctx: WorkspaceContext, row: q.PlanningRow) {
  if (!canEditPlanning(ctx.role)) throw forbidden(MESSAGES.forbidden);
  if (row.phase === 'Submitted') throw forbidden(MESSAGES.planningSubmitted);
}

function assertMonthsInRange(
  row: Pick<q.PlanningRow, 'startMonth' | 'endMonth'>,
  months: number[],
  field: string,
) {
  if (months.some((m) => m < row.startMonth || m > row.endMonth))
    throw badRequest(MESSAGES.planningMonthOutOfRange, field);
}

function mergeGoals(current: PlanningGoal[], changes: PlanningGoalInput[]): PlanningGoal[] {
  const byMonth = new Map(current.map((g) => [g.month, g]));
  for (const goal of changes) byMonth.set(goal.month, goal);
  return [...byMonth.values()].sort((a, b) => a.month - b.month);
}

export async function listPlannings(
  db: Db,
  ctx: WorkspaceContext,
  query: Omit<PlanningListQuery, 'dateType' | 'type'> & Partial<Pick<PlanningListQuery, 'dateType' | 'type'>>,
) {
  const filter = { ...query, dateType: query.dateType ?? 'created_at', type: query.type ?? 'regular' };
  const { rows, total } = await q.listPlannings(db, ctx, filter, query);
  return pageOf(rows.map(toSummary), total, query.limit, query.offset);
}

export async function getPlanning(db: Db, ctx: WorkspaceContext, id: number) {
  return toPlanning(db, ctx, await planOf(db, ctx, id));
}

/**
 * Step 1 starts from what the unit did the year before: each month of the range that had won cards then gets
 * their enrolments, sales, courseware and income (on site and remote) as its goals, for the unit to raise or lower.
 */
async function lastYearGoals(db: DbOrTx, scope: Scope, year: number, range: MonthRange) {
  const won = await q.wonByMonth(db, scope, year - 1);
  return won.filter((m) => m.month >= range.startMonth && m.month <= range.endMonth).map(wonFigures);
}

interface MonthRange {
  startMonth: number;
  endMonth: number;
}

/** Opens a plan of a type and year; the year is one of the list's and the workspace has no plan of that type then. */
async function openPlanning(
  db: Db,
  ctx: WorkspaceContext,
  values: {
    type: PlanningType;
    year: number;
    range: MonthRange;
    goals: PlanningGoal[];
    phase?: PlanningPhase;
  },
) {
  if (!canEditPlanning(ctx.role)) throw forbidden(MESSAGES.forbidden);
  if (!planningYears().includes(values.year)) throw badRequest(MESSAGES.planningYearInvalid, 'year');
  try {
    return await db.transaction((tx) =>
      q.insertPlanning(tx, ctx, {
        type: values.type,
        year: values.year,
        ...values.range,
        goals: values.goals,
        ...(values.phase ? { phase: values.phase } : {}),
        createdBy: ctx.userId,
      }),
    );
  } catch (error) {
    if (brokenConstraint(error)?.constraint === 'plannings_scope_year_type_uq')
      throw conflict(MESSAGES.planningYearTaken(values.year));
    throw error;
  }
}

export async function createPlanning(db: Db, ctx: WorkspaceContext, body: PlanningCreate) {
  const range = { startMonth: body.start_month, endMonth: body.end_month };
  assertMonthsInRange(
    range,
    (body.goals ?? []).map((g) => g.month),
    'goals',
  );
  const goals = body.goals ? mergeGoals([], body.goals) : await lastYearGoals(db, ctx, body.year, range);
  const row = await openPlanning(db, ctx, { type: 'regular', year: body.year, range, goals });
  return toPlanning(db, ctx, row);
}

// ---- the graduation intake's 5W2H ---------------------------------------------------------------------

/** The graduation plan is an action plan only: it opens at the 5W2H step, and its actions are a plan's actions. */
export async function createGraduationPlanning(
  db: Db,
  ctx: WorkspaceContext,
  body: GraduationPlanningCreate,
) {
  const range = { startMonth: body.start_month, endMonth: body.end_month };
  const row = await openPlanning(db, ctx, {
    type: 'graduation',
    year: body.year,
    range,
    goals: [],
    phase: 'Planning5w2h',
  });
  return toPlanning(db, ctx, row);
}

export async function listGraduationPlannings(db: Db, ctx: WorkspaceContext, query: GraduationListQuery) {
  return listPlannings(db, ctx, { ...query, type: 'graduation', dateType: 'created_at' });
}

export async function updateGraduationPlanning(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  patch: GraduationPlanningUpdate,
) {
  const current = await planOf(db, ctx, id);
  if (current.type !== 'graduation') throw notFound(MESSAGES.notFound);
  return updatePlanning(db, ctx, id, patch);
}

/** A partial update of the goals, month range and funnel rates; what is left out stays. */
export async function updatePlanning(db: Db, ctx: WorkspaceContext, id: number, patch: PlanningUpdate) {
  const row = await db.transaction(async (tx) => {
    const current = await planOf(tx, ctx, id, true);
    assertEditable(ctx, current);
    const range = {
      startMonth: patch.start_month ?? current.startMonth,
      endMonth: patch.end_month ?? current.endMonth,
    };
    if (range.startMonth > range.endMonth) throw badRequest(MESSAGES.planningMonthRange, 'end_month');
    assertMonthsInRange(
      range,
      (patch.goals ?? []).map((g) => g.month),
      'goals',
    );
    // Goals of months that left the range go with them.
    const goals = mergeGoals(current.goals, patch.goals ?? []).filter(
      (g) => g.month >= range.startMonth && g.month <= range.endMonth,
    );
    return q.updatePlanning(tx, ctx, id, {
      ...range,
      goals,
      ...(patch.lead_to_visit_rate === undefined ? {} : { leadToVisitRate: patch.lead_to_visit_rate }),
      ...(patch.visit_to_enrollment_rate === undefined
        ? {}
        : { visitToEnrollmentRate: patch.visit_to_enrollment_rate }),
    });
  });
  return toPlanning(db, ctx, row);
}

/**
 * The phase change: the unit moves its plan to the next phase only, never skipping one; a manager above the
 * unit sends it back to any earlier phase, saying why. Every change is kept with its comment.
 */
export async function changePlanningPhase(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  body: PlanningPhaseChange,
) {
  const row = await db.transaction(async (tx) => {
    const current = await planOf(tx, ctx, id, true);
    const from = PLANNING_PHASES.indexOf(current.phase);
    const to = PLANNING_PHASES.indexOf(body.phase);
    const comment = body.comment?.trim() || null;
    if (to < from) {
      if (!canSendBackPlanning(ctx.role)) throw forbidden(MESSAGES.planningSendBackForbidden);
      if (!comment) throw badRequest(MESSAGES.planningSendBackComment, 'comment');
    } else {
      if (!canEditPlanning(ctx.role)) throw forbidden(MESSAGES.forbidden);
      if (current.phase === 'Submitted') throw forbidden(MESSAGES.planningSubmitted);
      if (to !== from + 1) throw badRequest(MESSAGES.planningPhaseSkip, 'phase');
    }
    const entry = {
      from_phase: current.phase,
      to_phase: body.phase as PlanningPhase,
      comment,
      user_id: ctx.userId,
      at: new Date().toISOString(),
    };
    return q.updatePlanning(tx, ctx, id, {
      phase: body.phase,
      phaseHistory: [...current.phaseHistory, entry],
    });
  });
  return toPlanning(db, ctx, row);
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

const mediaTaken = (error: unknown) =>
  brokenConstraint(error)?.constraint === 'planning_medias_scope_media_uq'
    ? conflict(MESSAGES.planningMediaTaken)
    : error;

export async function listPlanningMedias(db: Db, ctx: WorkspaceContext, planningId: number) {
  await planOf(db, ctx, planningId);
  const rows = await q.listMediasOfPlans(db, ctx, [planningId]);
  return pageOf(rows.map(toPlanningMedia), rows.length, rows.length, 0);
}

export async function getPlanningMedia(db: Db, ctx: WorkspaceContext, planningId: number, id: number) {
  await planOf(db, ctx, planningId);
  const row = await q.findPlanningMedia(db, ctx, planningId, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return toPlanningMedia(row);
}

export async function createPlanningMedia(
  db: Db,
  ctx: WorkspaceContext,
  planningId: number,
  body: PlanningMediaCreate,
) {
  try {
    const row = await db.transaction(async (tx) => {
      const plan = await planOf(tx, ctx, planningId, true);
      assertEditable(ctx, plan);
      await assertLookups(tx, ctx, body);
      assertMonthsInRange(
        plan,
        body.months.map((m) => m.month),
        'months',
      );
      return q.insertPlanningMedia(tx, ctx, {
        planningId,
        mediaId: body.media_id,
        campaignId: body.campaign_id,
        months: body.months,
      });
    });
    return toPlanningMedia(row);
  } catch (error) {
    throw mediaTaken(error);
  }
}

export async function updatePlanningMedia(
  db: Db,
  ctx: WorkspaceContext,
  planningId: number,
  id: number,
  patch: PlanningMediaUpdate,
) {
  try {
    const row = await db.transaction(async (tx) => {
      const plan = await planOf(tx, ctx, planningId, true);
      const current = await q.findPlanningMedia(tx, ctx, planningId, id);
      if (!current) throw notFound(MESSAGES.notFound);
      assertEditable(ctx, plan);
      await assertLookups(tx, ctx, patch);
      if (patch.months)
        assertMonthsInRange(
          plan,
          patch.months.map((m) => m.month),
          'months',
        );
      return q.updatePlanningMedia(tx, ctx, id, {
        ...(patch.media_id === undefined ? {} : { mediaId: patch.media_id }),
        ...(patch.campaign_id === undefined ? {} : { campaignId: patch.campaign_id }),
        ...(patch.months === undefined ? {} : { months: patch.months }),
      });
    });
    return toPlanningMedia(row);
  } catch (error) {
    throw mediaTaken(error);
  }
}

export async function deletePlanningMedia(db: Db, ctx: WorkspaceContext, planningId: number, id: number) {
  await db.transaction(async (tx) => {
    const plan = await planOf(tx, ctx, planningId, true);
    if (!(await q.findPlanningMedia(tx, ctx, planningId, id))) throw notFound(MESSAGES.notFound);
    assertEditable(ctx, plan);
    await q.deletePlanningMedia(tx, ctx, id);
  });
  return { message: 'ok' };
}

async function assertMember(db: DbOrTx, ctx: WorkspaceContext, userId: number | undefined) {
  if (userId !== undefined && !(await findMembership(db, ctx.platformId, ctx.workspaceId, userId)))
    throw badRequest(MESSAGES.planningWhoNotMember, 'who_user_id');
}

export async function listPlanningActions(db: Db, ctx: WorkspaceContext, planningId: number) {
  await planOf(db, ctx, planningId);
  const rows = await q.listPlanningActions(db, ctx, planningId);
  return pageOf(rows.map(toAction), rows.length, rows.length, 0);
}

export async function getPlanningAction(db: Db, ctx: WorkspaceContext, planningId: number, id: number) {
  await planOf(db, ctx, planningId);
  const row = await q.findPlanningAction(db, ctx, planningId, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return toAction(row);
}

export async function createPlanningAction(
  db: Db,
  ctx: WorkspaceContext,
  planningId: number,
  body: PlanningActionCreate,
) {
  const row = await db.transaction(async (tx) => {
    const plan = await planOf(tx, ctx, planningId, true);
    assertEditable(ctx, plan);
    await assertLookups(tx, ctx, body);
    await assertMember(tx, ctx, body.who_user_id);
    return q.insertPlanningAction(tx, ctx, {
      planningId,
      what: body.what,
      why: body.why,
      where: body.where,
      when: body.when,
      whoUserId: body.who_user_id,
      how: body.how,
      howMuch: body.how_much,
      mediaId: body.media_id,
      campaignId: body.campaign_id,
      indicator: body.indicator,
      target: body.target,
    });
  });
  return toAction(row);
}

export async function updatePlanningAction(
  db: Db,
  ctx: WorkspaceContext,
  planningId: number,
  id: number,
  patch: PlanningActionUpdate,
) {
  const row = await db.transaction(async (tx) => {
    const plan = await planOf(tx, ctx, planningId, true);
    if (!(await q.findPlanningAction(tx, ctx, planningId, id))) throw notFound(MESSAGES.notFound);
    assertEditable(ctx, plan);
    await assertLookups(tx, ctx, patch);
    await assertMember(tx, ctx, patch.who_user_id);
    const { who_user_id, how_much, media_id, campaign_id, ...texts } = patch;
    return q.updatePlanningAction(tx, ctx, id, {
      ...texts,
      ...(who_user_id === undefined ? {} : { whoUserId: who_user_id }),
      ...(how_much === undefined ? {} : { howMuch: how_much }),
      ...(media_id === undefined ? {} : { mediaId: media_id }),
      ...(campaign_id === undefined ? {} : { campaignId: campaign_id }),
    });
  });
  return toAction(row);
}

export async function deletePlanningAction(db: Db, ctx: WorkspaceContext, planningId: number, id: number) {
  await db.transaction(async (tx) => {
    const plan = await planOf(tx, ctx, planningId, true);
    if (!(await q.findPlanningAction(tx, ctx, planningId, id))) throw notFound(MESSAGES.notFound);
    assertEditable(ctx, plan);
    await q.deletePlanningAction(tx, ctx, id);
  });
  return { message: 'ok' };
}

// ---- PDCA -----------------------------------------------------------------------------------------------

type IndicatorCounts = Awaited<ReturnType<typeof q.indicatorsByCampaignAndMedia>>;

/** The action's indicator: the cards of its campaign and media (either alone when the other is not set). */
function actualOf(row: q.PlanningActionRow, counts: IndicatorCounts): number | null {
  if (!row.indicator || (row.campaignId === null && row.mediaId === null)) return null;
  const indicator = row.indicator;
  return counts
    .filter(
      (c) =>
        (row.campaignId === null || c.campaignId === row.campaignId) &&
        (row.mediaId === null || c.mediaId === row.mediaId),
    )
    .reduce((sum, c) => sum + c[indicator], 0);
}

function toPdcaAction(row: q.PlanningActionRow, counts: IndicatorCounts): PdcaAction {
  const actual = actualOf(row, counts);
  const check = actual === null || row.target === null ? null : actual >= row.target ? 'met' : 'failed';
  return { ...toAction(row), actual, check };
}

/** Every action of the plan with its PDCA step and its indicator against its target, for the screen and the export. */
export async function pdcaOf(db: DbOrTx, scope: Scope, planningId: number): Promise<Pdca> {
  const plan = await planOf(db, scope, planningId);
  const [rows, counts] = [
    await q.listPlanningActions(db, scope, planningId),
    await q.indicatorsByCampaignAndMedia(db, scope, plan.year),
  ];
  return { planning_id: plan.id, year: plan.year, data: rows.map((row) => toPdcaAction(row, counts)) };
}

/**
 * Moves an action through its PDCA while the plan runs, submitted or not. An action whose check failed does not
 * reach Act without the corrective action the unit will take.
 */
export async function updatePdca(
  db: Db,
  ctx: WorkspaceContext,
  planningId: number,
  id: number,
  patch: PdcaUpdate,
): Promise<PdcaAction> {
  if (!canEditPlanning(ctx.role)) throw forbidden(MESSAGES.forbidden);
  const plan = await planOf(db, ctx, planningId);
  const current = await q.findPlanningAction(db, ctx, planningId, id);
  if (!current) throw notFound(MESSAGES.notFound);
  const counts = await q.indicatorsByCampaignAndMedia(db, ctx, plan.year);
  const corrective = patch.corrective_action ?? current.correctiveAction;
  if (patch.pdca_state === 'Act' && toPdcaAction(current, counts).check === 'failed' && !corrective.trim())
    throw badRequest(MESSAGES.pdcaCorrectiveRequired, 'corrective_action');
  const row = await q.updatePlanningAction(db, ctx, id, {
    ...(patch.pdca_state === undefined ? {} : { pdcaState: patch.pdca_state }),
    ...(patch.corrective_action === undefined ? {} : { correctiveAction: patch.corrective_action }),
  });
  return toPdcaAction(row, counts);
}
