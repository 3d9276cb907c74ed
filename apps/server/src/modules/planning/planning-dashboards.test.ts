import { sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FRANCHISE_HOST,
  FRANCHISE_PLATFORM_ID,
  type FranchiseWorld,
  franchiseWorld,
  ok,
} from '../../../test/factories/planning.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createTasks } from '../tasks/tasks.service.ts';

// The planning dashboards: each goal of the unit's plan against what its cards did, and who submitted.

type Person = 'admin' | 'gestor' | 'orientadora';

let w: FranchiseWorld;
let t: TestApp;
let jardins: number;
let moema: number;
let centroToken: string;
let instagram: number;
let year: number;
let month: number;

const call = (who: Person, method: HTTPMethods, path: string, payload?: object, workspaceId = jardins) =>
  w.call(who, method, path, payload, workspaceId);

async function freshPlan(workspaceId: number, goals: object[] = []) {
  await t.database.db.execute(
    sql`delete from plannings where workspace_id = ${workspaceId} and year = ${year} and type = 'regular'`,
  );
  return ok(await call('admin', 'POST', 'plannings', { year, goals }, workspaceId));
}

async function winCard(price: number) {
  const product = (await ok(await call('admin', 'GET', 'products?limit=500'))).data[0].id as number;
  const card = await ok(
    await call('admin', 'POST', 'opportunities', {
      source_type: 'Offline',
      media_id: instagram,
      product_id: product,
      price,
      contact: { name: 'Aluno do Painel', phone_number: '11965432109' },
    }),
  );
  await createTasks(t.database.db, { platformId: FRANCHISE_PLATFORM_ID, workspaceId: jardins }, [
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
  w = await franchiseWorld();
  ({ t, jardins, moema, centroToken } = w);
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
afterAll(async () => {
  await t.close();
});

describe('goal against actual', () => {
  it('PLAT-255 GET /planning-dashboards/enrollments, sales and income: the month goal beside the won cards, moving with a win', async () => {
    const plan = await freshPlan(jardins, [
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

    // The cards tell nothing of the remote intake: its goal shows, its actual stays unknown.
    const remote = await read('remote-income');
    expect(monthOf(remote)).toMatchObject({ goal: 100, actual: null });
    expect(remote.total_actual).toBeNull();
    for (const metric of ['remote-enrollments', 'remote-sales', 'courseware', 'remote-courseware'])
      expect(monthOf(await read(metric)).actual, metric).toBeNull();
  });

  it('PLAT-255 GET /planning-dashboards/opportunities: the funnel leads behind the goal against the cards created', async () => {
    await freshPlan(jardins, [{ month, enrollments: 10 }]);
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
    await t.database.db.execute(
      sql`delete from plannings where workspace_id = ${jardins} and year = ${year}`,
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
    // The cards still count: a month without a win is zero, so the year has a total; remote figures stay unknown.
    const actualOf = (metric: string) =>
      none.metrics.find((m: { metric: string }) => m.metric === metric).actual as number | null;
    expect(typeof actualOf('enrollments')).toBe('number');
    expect(typeof actualOf('income')).toBe('number');
    expect(actualOf('remote-enrollments')).toBeNull();
    const months = await ok(await call('gestor', 'GET', 'planning-dashboards/sales'));
    expect(months.months).toHaveLength(12);
    expect(months.months.every((m: { actual: number | null }) => typeof m.actual === 'number')).toBe(true);
    const plan = await freshPlan(jardins, [{ month, enrollments: 7, courseware: 3 }]);
    const summary = await ok(await call('gestor', 'GET', `planning-dashboards/summary?year=${year}`));
    expect(summary).toMatchObject({ planning_id: plan.id, phase: 'PrePlanning' });
    expect(summary.metrics.find((m: { metric: string }) => m.metric === 'enrollments').goal).toBe(7);
    expect(summary.metrics.find((m: { metric: string }) => m.metric === 'courseware')).toMatchObject({
      goal: 3,
      actual: null,
    });
  });

  it('PLAT-255 GET /planning-dashboards/submitted: the units the person works in, and which submitted', async () => {
    const submitted = await freshPlan(jardins);
    for (const phase of ['Planning', 'PlanningMedias', 'Planning5w2h', 'Submitted'])
      await ok(await call('admin', 'PATCH', `plannings/${submitted.id}`, { phase }));
    const pending = await freshPlan(moema);
    const units = await ok(await call('admin', 'GET', `planning-dashboards/submitted?year=${year}`));
    expect(units.data).toEqual(
      expect.arrayContaining([
        {
          workspace_id: jardins,
          name: 'Unidade Jardins',
          planning_id: submitted.id,
          phase: 'Submitted',
          submitted: true,
        },
        {
          workspace_id: moema,
          name: 'Unidade Moema',
          planning_id: pending.id,
          phase: 'PrePlanning',
          submitted: false,
        },
      ]),
    );
    // A rep of Jardins only is not shown Moema.
    const rep = await ok(await call('orientadora', 'GET', `planning-dashboards/submitted?year=${year}`));
    expect(rep.data.map((u: { workspace_id: number }) => u.workspace_id)).toEqual([jardins]);
  });
});

describe('tenancy', () => {
  it('another unit plan never shows, and a user of another platform gets 404 or 401', async () => {
    await t.database.db.execute(
      sql`delete from plannings where workspace_id = ${jardins} and year = ${year}`,
    );
    await freshPlan(moema, [{ month, enrollments: 99 }]);
    const series = await ok(await call('admin', 'GET', 'planning-dashboards/enrollments'));
    expect(series.planning_id).toBeNull();
    expect(monthOf(series).goal).toBe(0);
    for (const host of [FRANCHISE_HOST, 'localhost']) {
      const res = await t.call({
        method: 'GET',
        url: `/api/v1/workspaces/${jardins}/planning-dashboards/summary`,
        token: centroToken,
        host,
      });
      expect([401, 404], host).toContain(res.statusCode);
      expect(res.body).not.toContain('metrics');
    }
  });
});
