import { sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FRANCHISE_HOST,
  FRANCHISE_PLATFORM_ID,
  ok,
  useFranchiseWorld,
} from '../../../test/factories/planning.ts';
import { createTasks } from '../tasks/tasks.service.ts';

// The planning dashboards: each goal of the unit's plan against what its cards did, and who submitted.

type Person = 'admin' | 'gestor' | 'orientadora';

const w = useFranchiseWorld();
let instagram: number;
let year: number;
let month: number;

const call = (who: Person, method: HTTPMethods, path: string, payload?: object, workspaceId = w.jardins) =>
  w.call(who, method, path, payload, workspaceId);

async function freshPlan(workspaceId: number, goals: object[] = []) {
  await w.t.database.db.execute(
    sql`delete from plannings where workspace_id = ${workspaceId} and year = ${year} and type = 'regular'`,
  );
  return ok(await call('admin', 'POST', 'plannings', { year, goals }, workspaceId));
}

/** A card of a demo product, won now. */
async function winCard(price: number, product = 'Curso de Inglês') {
  const card = await ok(
    await call('admin', 'POST', 'opportunities', {
      source_type: 'Offline',
      media_id: instagram,
      product_id: await w.named('products', product),
      price,
      contact: { name: 'Aluno do Painel', phone_number: '11965432109' },
    }),
  );
  await createTasks(w.t.database.db, { platformId: FRANCHISE_PLATFORM_ID, workspaceId: w.jardins }, [
    { opportunityId: card.id, name: 'Ligar', startTimestamp: '2026-01-10 10:00' },
  ]);
  await ok(await call('admin', 'PUT', `opportunities/${card.id}/close`, { data: { state_type: 'Won' } }));
}

interface Point {
  month: number;
  goal: number;
  actual: number | null;
}
const monthOf = (series: { months: Point[] }) => series.months.find((m) => m.month === month) as Point;

beforeAll(async () => {
  [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  instagram = await w.named('medias', 'Instagram');
});

describe('goal against actual', () => {
  it('PLAT-255 GET /planning-dashboards/enrollments, sales and income: the month goal beside the won cards, moving with a win', async () => {
    const plan = await freshPlan(w.jardins, [
      { month, enrollments: 30, sales: 20, income: 9000, remote_income: 100 },
    ]);
    const read = async (metric: string) =>
      ok(await call('orientadora', 'GET', `planning-dashboards/${metric}`));
    const before = {
      enrollments: await read('enrollments'),
      sales: await read('sales'),
      income: await read('income'),
    };
    expect(before.enrollments).toMatchObject({ year, planning_id: plan.id });
    expect(before.enrollments.months).toHaveLength(12);
    expect(monthOf(before.enrollments).goal).toBe(30);
    expect(monthOf(before.sales).goal).toBe(20);
    expect(before.income.total_goal).toBe(9000);

    await winCard(700);
    const enrollments = monthOf(await read('enrollments'));
    expect(enrollments.actual).toBe(Number(monthOf(before.enrollments).actual) + 1);
    const income = monthOf(await read('income'));
    expect(income.actual).toBeCloseTo(Number(monthOf(before.income).actual) + 700, 2);
    // The remote intake has its own goal and its own actual, which an on-site win leaves alone.
    const remote = await read('remote-income');
    expect(monthOf(remote).goal).toBe(100);
    expect(typeof monthOf(remote).actual).toBe('number');
    expect(typeof remote.total_actual).toBe('number');
  });

  it('PLAT-255 the product of a won card says on site or remote, enrolment or courseware: on site plus remote is every win', async () => {
    await freshPlan(w.jardins);
    const metrics = ['enrollments', 'remote-enrollments', 'sales', 'remote-sales', 'courseware'] as const;
    const actuals = async () => {
      const out: Record<string, number> = {};
      for (const metric of [...metrics, 'remote-courseware', 'income', 'remote-income'])
        out[metric] = Number(
          monthOf(await ok(await call('gestor', 'GET', `planning-dashboards/${metric}`))).actual,
        );
      return out;
    };
    const moved = (before: Record<string, number>, after: Record<string, number>) =>
      Object.fromEntries(
        Object.keys(after)
          .map((k) => [k, Math.round(((after[k] ?? 0) - (before[k] ?? 0)) * 100) / 100])
          .filter(([, delta]) => delta !== 0),
      );
    const start = await actuals();
    await winCard(249.9, 'Curso de Inglês EAD');
    const afterRemote = await actuals();
    expect(moved(start, afterRemote)).toEqual({
      'remote-enrollments': 1,
      'remote-sales': 1,
      'remote-income': 249.9,
    });
    await winCard(189.9, 'Material Didático');
    const afterCourseware = await actuals();
    expect(moved(afterRemote, afterCourseware)).toEqual({ sales: 1, courseware: 1, income: 189.9 });
    await winCard(129.9, 'Material Didático EAD');
    expect(moved(afterCourseware, await actuals())).toEqual({
      'remote-sales': 1,
      'remote-courseware': 1,
      'remote-income': 129.9,
    });
  });

  it('PLAT-255 GET /planning-dashboards/opportunities: the funnel leads behind the goal against the cards created', async () => {
    await freshPlan(w.jardins, [{ month, enrollments: 10 }]);
    await ok(
      await call(
        'admin',
        'PUT',
        `plannings/${(await ok(await call('admin', 'GET', `plannings?year=${year}`))).data[0].id}`,
        {
          lead_to_visit_rate: 50,
          visit_to_enrollment_rate: 50,
        },
      ),
    );
    const series = await ok(await call('admin', 'GET', `planning-dashboards/opportunities?year=${year}`));
    // 10 enrolments at 50% from visits, and visits at 50% from leads: 40 leads.
    expect(monthOf(series).goal).toBe(40);
    expect(monthOf(series).actual).toBeGreaterThan(0);
  });

  it('PLAT-255 GET /planning-dashboards/summary: every metric of the year; without a plan the goals are zero', async () => {
    await w.t.database.db.execute(
      sql`delete from plannings where workspace_id = ${w.jardins} and year = ${year}`,
    );
    const none = await ok(await call('gestor', 'GET', 'planning-dashboards/summary'));
    expect(none).toMatchObject({ year, planning_id: null, phase: null });
    expect(none.metrics.map((m: { metric: string }) => m.metric)).toEqual([
      'opportunities',
      'enrollments',
      'remote-enrollments',
      'sales',
      'remote-sales',
      'courseware',
      'remote-courseware',
      'income',
      'remote-income',
    ]);
    expect(none.metrics.every((m: { goal: number }) => m.goal === 0)).toBe(true);
    // The cards still count: a month without a win is zero, so the year has a total.
    const actualOf = (metric: string) =>
      none.metrics.find((m: { metric: string }) => m.metric === metric).actual as number | null;
    for (const metric of ['enrollments', 'remote-enrollments', 'courseware', 'income', 'remote-income'])
      expect(typeof actualOf(metric), metric).toBe('number');
    const months = await ok(await call('gestor', 'GET', 'planning-dashboards/sales'));
    expect(months.months).toHaveLength(12);
    expect(months.months.every((m: { actual: number | null }) => typeof m.actual === 'number')).toBe(true);
    const plan = await freshPlan(w.jardins, [{ month, enrollments: 7, courseware: 3 }]);
    const summary = await ok(await call('gestor', 'GET', `planning-dashboards/summary?year=${year}`));
    expect(summary).toMatchObject({ planning_id: plan.id, phase: 'PrePlanning' });
    expect(summary.metrics.find((m: { metric: string }) => m.metric === 'enrollments').goal).toBe(7);
    expect(summary.metrics.find((m: { metric: string }) => m.metric === 'courseware')).toMatchObject({
      goal: 3,
      actual: actualOf('courseware'),
    });
  });

  it('PLAT-255 GET /planning-dashboards/submitted: the units the person works in, and which submitted', async () => {
    const submitted = await freshPlan(w.jardins);
    for (const phase of ['Planning', 'PlanningMedias', 'Planning5w2h', 'Submitted'])
      await ok(await call('admin', 'PATCH', `plannings/${submitted.id}`, { phase }));
    const pending = await freshPlan(w.moema);
    const units = await ok(await call('admin', 'GET', `planning-dashboards/submitted?year=${year}`));
    expect(units.data).toEqual(
      expect.arrayContaining([
        {
          workspace_id: w.jardins,
          name: 'Unidade Jardins',
          planning_id: submitted.id,
          phase: 'Submitted',
          submitted: true,
        },
        {
          workspace_id: w.moema,
          name: 'Unidade Moema',
          planning_id: pending.id,
          phase: 'PrePlanning',
          submitted: false,
        },
      ]),
    );
    // A rep of Jardins only is not shown Moema.
    const rep = await ok(await call('orientadora', 'GET', `planning-dashboards/submitted?year=${year}`));
    expect(rep.data.map((u: { workspace_id: number }) => u.workspace_id)).toEqual([w.jardins]);
  });
});

describe('tenancy', () => {
  it('another unit plan never shows, and a user of another platform gets 404 or 401', async () => {
    await w.t.database.db.execute(
      sql`delete from plannings where workspace_id = ${w.jardins} and year = ${year}`,
    );
    await freshPlan(w.moema, [{ month, enrollments: 99 }]);
    const series = await ok(await call('admin', 'GET', 'planning-dashboards/enrollments'));
    expect(series.planning_id).toBeNull();
    expect(monthOf(series).goal).toBe(0);
    for (const host of [FRANCHISE_HOST, 'localhost']) {
      const res = await w.t.call({
        method: 'GET',
        url: `/api/v1/workspaces/${w.jardins}/planning-dashboards/summary`,
        token: w.centroToken,
        host,
      });
      expect([401, 404], host).toContain(res.statusCode);
      expect(res.body).not.toContain('metrics');
    }
  });
});
