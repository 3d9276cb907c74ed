import {
  PLANNING_DASHBOARD_METRIC_NAMES,
  PLANNING_DASHBOARD_METRICS,
  type PlanningDashboardMetric,
  type PlanningDashboardQuery,
  type PlanningDashboardSeries,
  type PlanningDashboardSummary,
  type PlanningSubmitted,
} from '@vendaval/core/schemas/planning';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { userWorkspaces } from '../dashboards/dashboards.service.ts';
import * as q from './planning.queries.ts';
import { actualsOf, getPlanning } from './planning.service.ts';

/** The asked year, or this one as Brasília sees it. */
const askedYear = (query: PlanningDashboardQuery) =>
  query.year ??
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()),
  );

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

/** What every dashboard of a year reads once: the unit's plan, the won cards' actuals and the cards created. */
async function yearFigures(db: Db, ctx: WorkspaceContext, year: number) {
  const row = await q.findPlanningOfYear(db, ctx, 'regular', year);
  const plan = row ? await getPlanning(db, ctx, row.id) : null;
  return {
    year,
    plan,
    actuals: plan?.actuals ?? (await actualsOf(db, ctx, { year, startMonth: 1, endMonth: 12 })),
    leads: await q.leadsByMonth(db, ctx, year),
  };
}
type YearFigures = Awaited<ReturnType<typeof yearFigures>>;

/**
 * Goal against actual of one metric, month by month: the unit's plan of the year gives the goals (the funnel's
 * leads for 'opportunities') and its won cards the actuals, exactly as the consult steps show them. Without a plan
 * the goals are zero over the whole year and the actuals still count.
 */
function seriesOf(
  { year, plan, actuals, leads }: YearFigures,
  metric: PlanningDashboardMetric,
): PlanningDashboardSeries {
  const field = PLANNING_DASHBOARD_METRICS[metric];
  const months = plan ? plan.goals.map((g) => g.month) : Array.from({ length: 12 }, (_, i) => i + 1);
  const points = months.map((month) => {
    if (field === 'leads')
      return {
        month,
        goal: plan?.funnel.months.find((m) => m.month === month)?.leads ?? 0,
        actual: leads.find((l) => l.month === month)?.leads ?? 0,
      };
    const goal = plan?.goals.find((g) => g.month === month)?.[field] ?? 0;
    const actual = actuals.find((a) => a.month === month)?.[field] ?? null;
    return { month, goal, actual };
  });
  const known = points.map((p) => p.actual).filter((a): a is number => a !== null);
  return {
    year,
    planning_id: plan?.id ?? null,
    months: points,
    total_goal: sum(points.map((p) => p.goal)),
    total_actual: known.length === points.length ? sum(known) : null,
  };
}

export async function planningSeries(
  db: Db,
  ctx: WorkspaceContext,
  query: PlanningDashboardQuery,
  metric: PlanningDashboardMetric,
): Promise<PlanningDashboardSeries> {
  return seriesOf(await yearFigures(db, ctx, askedYear(query)), metric);
}

/** Every metric's yearly goal and actual side by side. */
export async function planningSummary(
  db: Db,
  ctx: WorkspaceContext,
  query: PlanningDashboardQuery,
): Promise<PlanningDashboardSummary> {
  const year = await yearFigures(db, ctx, askedYear(query));
  return {
    year: year.year,
    planning_id: year.plan?.id ?? null,
    phase: year.plan?.phase ?? null,
    metrics: PLANNING_DASHBOARD_METRIC_NAMES.map((metric) => {
      const series = seriesOf(year, metric);
      return { metric, goal: series.total_goal, actual: series.total_actual };
    }),
  };
}

/** The units the person works in, each with its plan of the year and whether it reached Submitted. */
export async function planningSubmitted(
  db: Db,
  ctx: WorkspaceContext,
  query: PlanningDashboardQuery,
): Promise<PlanningSubmitted> {
  const year = askedYear(query);
  const units = await userWorkspaces(db, ctx.platformId, ctx.userId);
  const plans = await q.plansOfWorkspaces(
    db,
    ctx.platformId,
    units.map((u) => u.workspaceId),
    year,
  );
  return {
    year,
    data: units.map((unit) => {
      const plan = plans.find((p) => p.workspaceId === unit.workspaceId);
      return {
        workspace_id: unit.workspaceId,
        name: unit.name,
        planning_id: plan?.id ?? null,
        phase: plan?.phase ?? null,
        submitted: plan?.phase === 'Submitted',
      };
    }),
  };
}
