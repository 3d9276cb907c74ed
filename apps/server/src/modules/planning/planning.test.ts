import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FRANCHISE_HOST,
  FRANCHISE_PLATFORM_ID,
  ok,
  useFranchiseWorld,
} from '../../../test/factories/planning.ts';
import { DEMO_PASSWORD, workspaceIds } from '../../../test/test-app.ts';
import { createDefaultSalesStages } from '../catalog/catalog.service.ts';
import { createTasks } from '../tasks/tasks.service.ts';
import { addMember, createUser } from '../users/users.service.ts';

type Person = 'admin' | 'gestor' | 'orientadora' | 'diretora';

const w = useFranchiseWorld();
let centro: number;
let tokens: Record<Person, string>;
let ids: Record<Person, number>;
let instagram: number;
let facebook: number;
let campaign: number;
let moemaMedia: number;
let nextYear: number;

const call = (who: Person, method: HTTPMethods, path: string, payload?: object, workspaceId = w.jardins) =>
  w.call(who, method, path, payload, workspaceId);

let years = 0;
/** A plan of a year no other test uses (the plan is one per workspace and year). */
const newPlan = async (payload: Record<string, unknown> = {}, workspaceId = w.jardins) => {
  const year = 2023 + (years++ % 4);
  // The years are few: an earlier test's plan of the year makes way.
  await w.t.database.db.execute(
    sql`delete from plannings where workspace_id = ${workspaceId} and year = ${year}`,
  );
  return ok(await call('admin', 'POST', 'plannings', { year, ...payload }, workspaceId));
};

const toPhase = (who: Person, id: number, phase: string, comment?: string) =>
  call(who, 'PATCH', `plannings/${id}`, comment === undefined ? { phase } : { phase, comment });

beforeAll(async () => {
  tokens = w.tokens as Record<Person, string>;
  ids = w.ids as Record<Person, number>;
  nextYear = new Date().getFullYear() + 1;
  // A network director above the unit, and a second unit of the same network.
  const db = w.t.database.db;
  const director = await createUser(db, FRANCHISE_PLATFORM_ID, {
    name: 'Diana Diretora',
    email: 'diretora@franquia.local',
    password: DEMO_PASSWORD,
  });
  await addMember(db, FRANCHISE_PLATFORM_ID, w.jardins, director.id, 'diretorFranquia');
  ids.diretora = director.id;
  tokens.diretora = await w.t.login('diretora@franquia.local', FRANCHISE_HOST);
  instagram = await w.named('medias', 'Instagram');
  facebook = await w.named('medias', 'Facebook');
  campaign = await w.named('campaigns', 'Volta às Aulas');
  moemaMedia = (
    await ok(await call('admin', 'POST', 'medias', { name: 'Outdoor', type: 'Offline' }, w.moema))
  ).id;
  centro = (await workspaceIds(w.t, w.centroToken))['Escola Centro'] as number;
});

describe('the yearly plan', () => {
  it('PLAT-256 PLAT-090 POST /plannings opens the plan in PrePlanning (status 1) and GET /plannings/{id} reads it back', async () => {
    const res = await call('admin', 'POST', 'plannings', {
      year: nextYear,
      start_month: 2,
      end_month: 11,
      goals: [{ month: 3, enrollments: 40, remote_enrollments: 10, income: 12500.456 }],
    });
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({ workspace_id: w.jardins, year: nextYear, phase: 'PrePlanning', status: 1 });
    expect(plan.goals).toHaveLength(10);
    expect(plan.goals[0]).toEqual({
      month: 2,
      enrollments: 0,
      remote_enrollments: 0,
      sales: 0,
      remote_sales: 0,
      courseware: 0,
      remote_courseware: 0,
      income: 0,
      remote_income: 0,
    });
    expect(plan.goals[1]).toMatchObject({
      month: 3,
      enrollments: 40,
      remote_enrollments: 10,
      income: 12500.46,
    });
    expect(plan.medias).toEqual([]);
    expect(await ok(await call('gestor', 'GET', `plannings/${plan.id}`))).toEqual(plan);
    // One plan per workspace and year.
    const again = await call('admin', 'POST', 'plannings', { year: nextYear });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.planningYearTaken(nextYear));
    const list = await ok(await call('orientadora', 'GET', `plannings?year=${nextYear}`));
    expect(list.pagination.total_count).toBe(1);
    expect(list.data[0]).toMatchObject({ id: plan.id, year: nextYear, phase: 'PrePlanning', status: 1 });
    expect(list.data[0].goals).toBeUndefined();
  });

  it('PLAT-278 the year must be one of the planning years: next year down to 2023', async () => {
    for (const year of [2022, nextYear + 1]) {
      const res = await call('admin', 'POST', 'plannings', { year });
      expect(res.statusCode, String(year)).toBe(400);
      expect(res.json().errors?.[0]?.field).toBe('year');
    }
  });

  it('PUT /plannings/{id} is a partial update: goals month by month, range, rates; months outside the range refused', async () => {
    const plan = await newPlan({
      goals: [
        { month: 1, sales: 5 },
        { month: 6, sales: 9 },
      ],
    });
    const res = await call('gestor', 'PUT', `plannings/${plan.id}`, {
      goals: [{ month: 6, sales: 12, courseware: 3 }],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated.goals.find((g: { month: number }) => g.month === 1).sales).toBe(5);
    expect(updated.goals.find((g: { month: number }) => g.month === 6)).toMatchObject({
      sales: 12,
      courseware: 3,
    });
    const narrowed = await ok(await call('admin', 'PUT', `plannings/${plan.id}`, { start_month: 3 }));
    expect(narrowed).toMatchObject({ start_month: 3, end_month: 12 });
    expect(narrowed.goals).toHaveLength(10);
    const outside = await call('admin', 'PUT', `plannings/${plan.id}`, { goals: [{ month: 2, sales: 1 }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(MESSAGES.planningMonthOutOfRange);
    const repeated = await call('admin', 'PUT', `plannings/${plan.id}`, {
      goals: [{ month: 4 }, { month: 4 }],
    });
    expect(repeated.statusCode).toBe(400);
    const unknown = await call('admin', 'PUT', `plannings/${plan.id}`, { phase: 'Submitted' });
    expect(unknown.statusCode).toBe(400);
  });

  it('the funnel takes the workspace real conversion rates from its cards until the plan sets its own', async () => {
    const plan = await newPlan({ goals: [{ month: 1, enrollments: 8, remote_enrollments: 2 }] });
    const counted = await w.t.database.db.execute(sql`
      select count(*)::int as leads,
        count(*) filter (where o.state_type = 'Won' or s.type in ('Scheduled', 'Negotiation') or exists (
          select 1 from history_logs h join sales_stages v on v.workspace_id = h.workspace_id
            and v.name = h.data->>'to_name' and v.type in ('Scheduled', 'Negotiation')
          where h.opportunity_id = o.id and h.type = 'OpportunitySalesStageUpdated'))::int as visits,
        count(*) filter (where o.state_type = 'Won')::int as won
      from opportunities o join sales_stages s on s.id = o.sales_stage_id
      where o.platform_id = ${FRANCHISE_PLATFORM_ID} and o.workspace_id = ${w.jardins}`);
    const real = (counted as unknown as { rows: { leads: number; visits: number; won: number }[] }).rows[0];
    if (!real || real.visits === 0 || real.won === 0)
      throw new Error('the demo unit needs visits and enrolments');
    const visitRate = Math.round((real.visits / real.leads) * 1000) / 10;
    const enrolRate = Math.round((real.won / real.visits) * 1000) / 10;
    expect(plan.funnel).toMatchObject({
      lead_to_visit_rate: visitRate,
      visit_to_enrollment_rate: enrolRate,
      rates_source: 'workspace',
    });
    const visits = Math.ceil(1000 / enrolRate);
    expect(plan.funnel.months[0]).toEqual({
      month: 1,
      enrollments: 10,
      visits,
      leads: Math.ceil((visits * 100) / visitRate),
    });
    const own = await ok(
      await call('admin', 'PUT', `plannings/${plan.id}`, {
        lead_to_visit_rate: 25,
        visit_to_enrollment_rate: 50,
      }),
    );
    expect(own.funnel).toMatchObject({
      lead_to_visit_rate: 25,
      visit_to_enrollment_rate: 50,
      rates_source: 'plan',
    });
    expect(own.funnel.months[0]).toEqual({ month: 1, enrollments: 10, visits: 20, leads: 80 });
    // A unit with no cards has no rate to offer.
    const empty = await newPlan({ goals: [{ month: 1, enrollments: 4 }] }, w.moema);
    expect(empty.funnel).toMatchObject({
      lead_to_visit_rate: null,
      visit_to_enrollment_rate: null,
      rates_source: null,
    });
    expect(empty.funnel.months[0]).toEqual({ month: 1, enrollments: 4, visits: null, leads: null });
  });

  it('a card that went through a visit stage and moved on still counts as a visit (from its history)', async () => {
    // Moema gets a board of its own: a card there moves into Negotiation (a visit) and back out.
    const moema = { platformId: FRANCHISE_PLATFORM_ID, workspaceId: w.moema };
    await createDefaultSalesStages(w.t.database.db, moema, { won_term: 'Matriculado', lost_term: 'Perdido' });
    const stages = (await ok(await call('admin', 'GET', 'sales-stages', undefined, w.moema))).data as {
      id: number;
      type: string;
    }[];
    const stageOf = (type: string) => (stages.find((s) => s.type === type) as { id: number }).id;
    const card = async (name: string, phone: string) =>
      ok(
        await call(
          'admin',
          'POST',
          'opportunities',
          { source_type: 'Offline', media_id: moemaMedia, contact: { name, phone_number: phone } },
          w.moema,
        ),
      );
    const visited = await card('Visitou e Voltou', '11943210987');
    await card('Nunca Visitou', '11932109876');
    await createTasks(w.t.database.db, moema, [
      { opportunityId: visited.id, name: 'Ligar', startTimestamp: '2026-01-10 10:00' },
    ]);
    const move = (stageId: number) =>
      call(
        'admin',
        'PUT',
        `opportunities/${visited.id}/move-to`,
        { data: { sales_stage_id: stageId } },
        w.moema,
      );
    await ok(await move(stageOf('Negotiation')));
    await ok(await move(stageOf('First')));
    // Two cards, one of them visited though neither is in a visit stage now: half the leads became visits.
    const plan = await newPlan({ goals: [{ month: 1, enrollments: 4 }] }, w.moema);
    expect(plan.funnel).toMatchObject({ lead_to_visit_rate: 50, rates_source: 'workspace' });
  });
});

describe('the phases', () => {
  it('PLAT-277 PLAT-257 PLAT-090 PATCH moves the plan one phase at a time, in order, never skipping', async () => {
    const plan = await newPlan();
    expect((await toPhase('admin', plan.id, 'PlanningMedias')).statusCode).toBe(400);
    const order = ['Planning', 'PlanningMedias', 'Planning5w2h', 'Submitted'];
    for (const [i, phase] of order.entries()) {
      const skip = order[i + 1];
      if (skip) {
        const skipped = await toPhase('gestor', plan.id, skip);
        expect(skipped.statusCode, `skip to ${skip}`).toBe(400);
        expect(skipped.json().message).toBe(MESSAGES.planningPhaseSkip);
      }
      const moved = await ok(await toPhase(i % 2 ? 'gestor' : 'admin', plan.id, phase));
      expect(moved).toMatchObject({ phase, status: i + 2 });
    }
    const staying = await toPhase('admin', plan.id, 'Submitted');
    expect(staying.statusCode).toBe(403);
    const after = await ok(await call('admin', 'GET', `plannings/${plan.id}`));
    expect(after.phase_history.map((e: { to_phase: string }) => e.to_phase)).toEqual(order);
    expect(after.phase_history[0]).toMatchObject({
      from_phase: 'PrePlanning',
      comment: null,
      user_id: ids.admin,
    });
  });

  it('a submitted plan is read-only for the unit: goals, media plan and actions answer 403', async () => {
    const plan = await newPlan();
    const line = await ok(
      await call('admin', 'POST', `plannings/${plan.id}/medias`, { media_id: instagram }),
    );
    const action = await ok(
      await call('admin', 'POST', `plannings/${plan.id}/actions`, {
        what: 'Panfletagem',
        when: `${plan.year}-03-01`,
        who_user_id: ids.orientadora,
      }),
    );
    for (const phase of ['Planning', 'PlanningMedias', 'Planning5w2h', 'Submitted'])
      await ok(await toPhase('admin', plan.id, phase));
    const writes: [HTTPMethods, string, object?][] = [
      ['PUT', `plannings/${plan.id}`, { goals: [{ month: 1, sales: 1 }] }],
      ['POST', `plannings/${plan.id}/medias`, { media_id: facebook }],
      ['PUT', `plannings/${plan.id}/medias/${line.id}`, { months: [] }],
      ['DELETE', `plannings/${plan.id}/medias/${line.id}`],
      [
        'POST',
        `plannings/${plan.id}/actions`,
        { what: 'Outra', when: `${plan.year}-04-01`, who_user_id: ids.gestor },
      ],
      ['PUT', `plannings/${plan.id}/actions/${action.id}`, { what: 'Mudou' }],
      ['DELETE', `plannings/${plan.id}/actions/${action.id}`],
    ];
    for (const [method, path, body] of writes) {
      const res = await call('admin', method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().message).toBe(MESSAGES.planningSubmitted);
    }
    expect((await call('orientadora', 'GET', `plannings/${plan.id}/actions/${action.id}`)).statusCode).toBe(
      200,
    );
  });

  it('a manager above the unit sends the plan back to an earlier phase with a comment that is kept', async () => {
    const plan = await newPlan();
    for (const phase of ['Planning', 'PlanningMedias', 'Planning5w2h', 'Submitted'])
      await ok(await toPhase('admin', plan.id, phase));
    const noComment = await toPhase('diretora', plan.id, 'PlanningMedias', '  ');
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors?.[0]).toMatchObject({ field: 'comment' });
    // The unit cannot send its own plan back.
    for (const who of ['admin', 'gestor'] as const) {
      const res = await toPhase(who, plan.id, 'PlanningMedias', 'Quero mudar');
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(MESSAGES.planningSendBackForbidden);
    }
    const back = await ok(
      await toPhase('diretora', plan.id, 'PlanningMedias', 'Verba do Instagram alta demais'),
    );
    expect(back).toMatchObject({ phase: 'PlanningMedias', status: 3 });
    expect(back.phase_history.at(-1)).toMatchObject({
      from_phase: 'Submitted',
      to_phase: 'PlanningMedias',
      comment: 'Verba do Instagram alta demais',
      user_id: ids.diretora,
    });
    // The unit edits again and moves on from where it was sent back; the comment stays in the history.
    expect(
      (await call('admin', 'PUT', `plannings/${plan.id}`, { goals: [{ month: 1, sales: 2 }] })).statusCode,
    ).toBe(200);
    expect((await toPhase('admin', plan.id, 'Planning5w2h')).statusCode).toBe(200);
    const read = await ok(await call('admin', 'GET', `plannings/${plan.id}`));
    expect(read.phase_history.map((e: { comment: string | null }) => e.comment)).toContain(
      'Verba do Instagram alta demais',
    );
  });

  it('only the unit admin and manager write and advance the plan; a sales rep and a director only read it', async () => {
    const plan = await newPlan();
    for (const who of ['orientadora', 'diretora'] as const) {
      expect((await call(who, 'POST', 'plannings', { year: 2023 })).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', `plannings/${plan.id}`, { start_month: 2 })).statusCode, who).toBe(403);
      expect((await toPhase(who, plan.id, 'Planning')).statusCode, who).toBe(403);
      expect(
        (await call(who, 'POST', `plannings/${plan.id}/medias`, { media_id: instagram })).statusCode,
      ).toBe(403);
      expect((await call(who, 'GET', `plannings/${plan.id}`)).statusCode, who).toBe(200);
    }
  });
});

describe('the media plan', () => {
  it('PLAT-258 PLAT-090 GET, POST /plannings/{id}/medias and GET, PUT, DELETE /plannings/{id}/medias/{mediaId}', async () => {
    const plan = await newPlan({ start_month: 1, end_month: 6 });
    const created = await call('admin', 'POST', `plannings/${plan.id}/medias`, {
      media_id: instagram,
      campaign_id: campaign,
      months: [
        { month: 2, budget: 1500.5, expected_leads: 60 },
        { month: 1, budget: 1000, expected_leads: 40 },
      ],
    });
    expect(created.statusCode).toBe(200);
    const line = created.json();
    expect(line).toMatchObject({
      planning_id: plan.id,
      media_id: instagram,
      campaign_id: campaign,
      total_budget: 2500.5,
      total_expected_leads: 100,
    });
    expect(line.months.map((m: { month: number }) => m.month)).toEqual([1, 2]);
    expect(
      (
        await call('admin', 'POST', `plannings/${plan.id}/medias`, {
          media_id: instagram,
          campaign_id: campaign,
        })
      ).statusCode,
    ).toBe(409);
    const other = await ok(
      await call('admin', 'POST', `plannings/${plan.id}/medias`, { media_id: instagram }),
    );
    const list = await ok(await call('orientadora', 'GET', `plannings/${plan.id}/medias`));
    expect(list.data.map((m: { id: number }) => m.id)).toEqual([line.id, other.id]);
    expect(
      (await ok(await call('admin', 'GET', `plannings/${plan.id}`))).medias.map(
        (m: { media_id: number }) => m.media_id,
      ),
    ).toEqual([instagram, instagram]);
    expect(await ok(await call('gestor', 'GET', `plannings/${plan.id}/medias/${line.id}`))).toEqual(line);
    const changed = await ok(
      await call('gestor', 'PUT', `plannings/${plan.id}/medias/${line.id}`, {
        media_id: facebook,
        months: [{ month: 6, budget: 300, expected_leads: 10 }],
      }),
    );
    expect(changed).toMatchObject({
      media_id: facebook,
      campaign_id: campaign,
      total_budget: 300,
      total_expected_leads: 10,
    });
    const outside = await call('admin', 'PUT', `plannings/${plan.id}/medias/${line.id}`, {
      months: [{ month: 7 }],
    });
    expect(outside.statusCode).toBe(400);
    expect((await call('admin', 'DELETE', `plannings/${plan.id}/medias/${line.id}`)).json()).toEqual({
      message: 'ok',
    });
    expect((await call('admin', 'GET', `plannings/${plan.id}/medias/${line.id}`)).statusCode).toBe(404);
  });

  it('media and campaign ids must be items of the same workspace', async () => {
    const plan = await newPlan();
    const centroMedia = (
      await w.t.call({ method: 'GET', url: `/api/v1/workspaces/${centro}/medias`, token: w.centroToken })
    ).json().data[0].id;
    for (const media_id of [moemaMedia, centroMedia]) {
      const res = await call('admin', 'POST', `plannings/${plan.id}/medias`, { media_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[0]).toMatchObject({ field: 'media_id' });
    }
    const res = await call('admin', 'POST', `plannings/${plan.id}/medias`, {
      media_id: instagram,
      campaign_id: 999999,
    });
    expect(res.json().errors?.[0]).toMatchObject({ field: 'campaign_id' });
  });
});

describe('the 5W2H action plan', () => {
  it('GET, POST /plannings/{id}/actions and GET, PUT, DELETE /plannings/{id}/actions/{actionId}', async () => {
    const plan = await newPlan();
    const body = {
      what: 'Feira de matrículas no shopping',
      why: 'Atrair famílias do bairro',
      where: 'Shopping Jardins',
      when: `${plan.year}-02-15`,
      who_user_id: ids.orientadora,
      how: 'Estande com panfletos e inscrições',
      how_much: 2500,
      media_id: instagram,
      campaign_id: campaign,
      indicator: 'enrollments',
      target: 5,
    };
    const created = await call('gestor', 'POST', `plannings/${plan.id}/actions`, body);
    expect(created.statusCode).toBe(200);
    const action = created.json();
    expect(action).toEqual({
      id: action.id,
      planning_id: plan.id,
      ...body,
      pdca_state: 'Plan',
      corrective_action: '',
    });
    expect(await ok(await call('orientadora', 'GET', `plannings/${plan.id}/actions/${action.id}`))).toEqual(
      action,
    );
    const changed = await ok(
      await call('admin', 'PUT', `plannings/${plan.id}/actions/${action.id}`, {
        how_much: 3000,
        campaign_id: null,
      }),
    );
    expect(changed).toEqual({ ...action, how_much: 3000, campaign_id: null });
    const list = await ok(await call('admin', 'GET', `plannings/${plan.id}/actions`));
    expect(list.data).toEqual([changed]);
    expect((await call('admin', 'DELETE', `plannings/${plan.id}/actions/${action.id}`)).statusCode).toBe(200);
    expect((await ok(await call('admin', 'GET', `plannings/${plan.id}/actions`))).data).toEqual([]);
  });

  it('who must be a member of the workspace; what is required', async () => {
    const plan = await newPlan();
    const stranger = await call('admin', 'POST', `plannings/${plan.id}/actions`, {
      what: 'Ligações',
      when: `${plan.year}-01-10`,
      who_user_id: 999999,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors?.[0]).toMatchObject({ field: 'who_user_id' });
    const noWhat = await call('admin', 'POST', `plannings/${plan.id}/actions`, {
      what: ' ',
      when: `${plan.year}-01-10`,
      who_user_id: ids.gestor,
    });
    expect(noWhat.statusCode).toBe(400);
  });
});

describe('tenancy and the profile gate', () => {
  it('a plan of another workspace of the same network answers 404 on every route', async () => {
    const foreign = await newPlan({}, w.moema);
    const own = await newPlan();
    const line = await ok(
      await call('admin', 'POST', `plannings/${foreign.id}/medias`, { media_id: moemaMedia }, w.moema),
    );
    const action = await ok(
      await call(
        'admin',
        'POST',
        `plannings/${foreign.id}/actions`,
        { what: 'X', when: '2026-01-01', who_user_id: ids.admin },
        w.moema,
      ),
    );
    const paths: [HTTPMethods, string, object?][] = [
      ['GET', `plannings/${foreign.id}`],
      ['PUT', `plannings/${foreign.id}`, { start_month: 2 }],
      ['PATCH', `plannings/${foreign.id}`, { phase: 'Planning' }],
      ['GET', `plannings/${foreign.id}/medias`],
      ['POST', `plannings/${foreign.id}/medias`, { media_id: instagram }],
      ['GET', `plannings/${foreign.id}/medias/${line.id}`],
      ['PUT', `plannings/${foreign.id}/medias/${line.id}`, { months: [] }],
      ['DELETE', `plannings/${foreign.id}/medias/${line.id}`],
      ['GET', `plannings/${foreign.id}/actions`],
      ['POST', `plannings/${foreign.id}/actions`, { what: 'X', when: '2026-01-01', who_user_id: ids.gestor }],
      ['GET', `plannings/${foreign.id}/actions/${action.id}`],
      ['PUT', `plannings/${foreign.id}/actions/${action.id}`, { what: 'Y' }],
      ['DELETE', `plannings/${foreign.id}/actions/${action.id}`],
      // The plan's own entries reached through a plan of this workspace.
      ['GET', `plannings/${own.id}/medias/${line.id}`],
      ['GET', `plannings/${own.id}/actions/${action.id}`],
    ];
    for (const [method, path, body] of paths) {
      const res = await call('admin', method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.body).not.toContain('Moema');
    }
    expect(
      (await ok(await call('admin', 'GET', 'plannings?limit=500'))).data.map((p: { id: number }) => p.id),
    ).not.toContain(foreign.id);
  });

  it('a user of another platform never sees a plan, on either host', async () => {
    const plan = await newPlan({ goals: [{ month: 1, enrollments: 3 }] });
    for (const host of [FRANCHISE_HOST, 'localhost']) {
      const res = await w.t.call({
        method: 'GET',
        url: `/api/v1/workspaces/${w.jardins}/plannings/${plan.id}`,
        token: w.centroToken,
        host,
      });
      expect([401, 404], host).toContain(res.statusCode);
      expect(res.body).not.toContain('goals');
    }
  });

  it('a brand without the planning key answers 404 on every planning route', async () => {
    const routes = w.t.app.routeTable.filter(
      (r) =>
        (r.url.includes('/plannings') ||
          r.url.includes('/planning-dashboards/') ||
          r.url.endsWith('/pdca')) &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    );
    // The plan, its media plan, actions and PDCA, the graduation 5W2H, 11 dashboards and the PDCA export.
    expect(routes.length).toBe(32);
    for (const route of routes) {
      const res = await w.t.call({
        method: route.method as HTTPMethods,
        url: route.url.replace(':workspaceId', String(centro)).replace(/:\w+/g, '1'),
        token: w.centroToken,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { year: 2026 } }),
        ...(route.url.endsWith('/exports/pdca') ? { query: { planning_id: '1' } } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });
});

describe('actuals beside the goals', () => {
  it('PLAT-256 GET /plannings/{id} counts a card won this month as an enrolment, a sale and income beside the goal', async () => {
    const now = new Date();
    // The month as Brasília sees it (the server groups by it).
    const [year, month] = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    })
      .format(now)
      .split('-')
      .map(Number) as [number, number];
    await w.t.database.db.execute(
      sql`delete from plannings where workspace_id = ${w.jardins} and year = ${year}`,
    );
    const plan = await ok(
      await call('admin', 'POST', 'plannings', { year, goals: [{ month, enrollments: 12, income: 5000 }] }),
    );
    const before = plan.actuals.find((a: { month: number }) => a.month === month);
    expect(plan.actuals).toHaveLength(12);
    for (const field of ['remote_enrollments', 'remote_sales', 'courseware', 'remote_income'])
      expect(typeof before[field], field).toBe('number');

    const product = await w.named('products', 'Curso de Inglês');
    const card = await ok(
      await call('admin', 'POST', 'opportunities', {
        source_type: 'Offline',
        media_id: instagram,
        product_id: product,
        price: 1250.5,
        contact: { name: 'Aluno Real', phone_number: '11987654321' },
      }),
    );
    await createTasks(w.t.database.db, { platformId: FRANCHISE_PLATFORM_ID, workspaceId: w.jardins }, [
      { opportunityId: card.id, name: 'Ligar', startTimestamp: '2026-01-10 10:00' },
    ]);
    await ok(await call('admin', 'PUT', `opportunities/${card.id}/close`, { data: { state_type: 'Won' } }));

    const after = (await ok(await call('gestor', 'GET', `plannings/${plan.id}`))).actuals.find(
      (a: { month: number }) => a.month === month,
    );
    expect(after.enrollments).toBe(before.enrollments + 1);
    expect(after.sales).toBe(before.sales + 1);
    expect(after.income).toBeCloseTo(before.income + 1250.5, 2);
    // Another unit's won cards never count here.
    await w.t.database.db.execute(
      sql`delete from plannings where workspace_id = ${w.moema} and year = ${year}`,
    );
    const moemaPlan = await ok(await call('admin', 'POST', 'plannings', { year }, w.moema));
    expect(moemaPlan.actuals.find((a: { month: number }) => a.month === month).enrollments).toBe(0);
  });
});

describe('the planning list filter and last year as the start', () => {
  it('PLAT-104 GET /plannings filters by period on creation or change, years, author, availability and type', async () => {
    const open = await newPlan();
    const sent = await newPlan();
    for (const phase of ['Planning', 'PlanningMedias', 'Planning5w2h', 'Submitted'])
      await ok(await toPhase('admin', sent.id, phase));
    const idsOf = async (query: string) =>
      (await ok(await call('gestor', 'GET', `plannings?limit=500&${query}`))).data.map(
        (p: { id: number }) => p.id,
      );

    expect(await idsOf('status=true')).toContain(open.id);
    expect(await idsOf('status=true')).not.toContain(sent.id);
    expect(await idsOf('status=false')).toEqual(expect.arrayContaining([sent.id]));
    expect(await idsOf('status=false')).not.toContain(open.id);

    expect(await idsOf(`user_id=${ids.admin}`)).toEqual(expect.arrayContaining([open.id, sent.id]));
    expect(await idsOf(`user_id=${ids.gestor}`)).not.toContain(open.id);

    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await idsOf(`start_timestamp=${tomorrow}&dateType=created_at`)).toEqual([]);
    expect(await idsOf(`end_timestamp=${tomorrow}&dateType=updated_at`)).toEqual(
      expect.arrayContaining([open.id, sent.id]),
    );

    expect(await idsOf(`start_at=${open.year}&end_at=${open.year}`)).toEqual([open.id]);
    expect(await idsOf('type=graduation')).not.toContain(open.id);
    const bad = await call('gestor', 'GET', 'plannings?dateType=closed_at');
    expect(bad.statusCode).toBe(400);
  });

  it("POST /plannings without goals starts each month from last year's won cards, where there were any", async () => {
    const thisYear = new Date().getFullYear();
    await w.t.database.db.execute(
      sql`delete from plannings where workspace_id = ${w.jardins} and year in (${thisYear}, ${thisYear + 1})`,
    );
    const product = (await ok(await call('admin', 'GET', 'products?limit=500'))).data[0].id as number;
    const card = await ok(
      await call('admin', 'POST', 'opportunities', {
        source_type: 'Offline',
        media_id: instagram,
        product_id: product,
        price: 800,
        contact: { name: 'Aluna do Ano Passado', phone_number: '11954321098' },
      }),
    );
    await createTasks(w.t.database.db, { platformId: FRANCHISE_PLATFORM_ID, workspaceId: w.jardins }, [
      { opportunityId: card.id, name: 'Ligar', startTimestamp: '2026-01-10 10:00' },
    ]);
    await ok(await call('admin', 'PUT', `opportunities/${card.id}/close`, { data: { state_type: 'Won' } }));
    const last = await ok(await call('admin', 'POST', 'plannings', { year: thisYear, goals: [] }));
    const next = await ok(await call('admin', 'POST', 'plannings', { year: thisYear + 1 }));
    // Every figure, on site and remote, of the months that had wins.
    for (const actual of last.actuals as { month: number; sales: number }[]) {
      const goal = next.goals.find((g: { month: number }) => g.month === actual.month);
      expect(goal, `month ${actual.month}`).toEqual(actual);
    }
    expect(next.goals.some((g: { enrollments: number }) => g.enrollments > 0)).toBe(true);
  });
});
