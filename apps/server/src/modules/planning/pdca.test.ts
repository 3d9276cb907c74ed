import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportCall, exported, pdfPages, xlsxRows } from '../../../test/factories/exports.ts';
import {
  FRANCHISE_HOST,
  FRANCHISE_PLATFORM_ID,
  ok,
  useFranchiseWorld,
} from '../../../test/factories/planning.ts';
import { eventually } from '../../../test/factories/webhooks.ts';
import { createTasks } from '../tasks/tasks.service.ts';

// The PDCA of the 5W2H actions, its export, and the graduation intake's 5W2H.

type Person = 'admin' | 'gestor' | 'orientadora';

const w = useFranchiseWorld();
let tokens: Record<Person, string>;
let ids: Record<Person, number>;
let instagram: number;
let campaign: number;
let year: number;

const call = (who: Person, method: HTTPMethods, path: string, payload?: object, workspaceId = w.jardins) =>
  w.call(who, method, path, payload, workspaceId);

/** This year's plan of the workspace, made afresh (one per workspace, type and year). */
async function planOfThisYear(workspaceId = w.jardins) {
  await w.t.database.db.execute(
    sql`delete from plannings where workspace_id = ${workspaceId} and year = ${year} and type = 'regular'`,
  );
  return ok(await call('admin', 'POST', 'plannings', { year, goals: [] }, workspaceId));
}

const action = (planId: number, extra: object = {}) =>
  call('admin', 'POST', `plannings/${planId}/actions`, {
    what: 'Panfletagem na feira',
    when: `${year}-03-10`,
    who_user_id: ids.orientadora,
    campaign_id: campaign,
    indicator: 'enrollments',
    target: 1,
    ...extra,
  });

/** A card of the campaign, won now: an enrolment of this year for the campaign's actions. */
async function winCardOfCampaign() {
  const product = (await ok(await call('admin', 'GET', 'products?limit=500'))).data[0].id as number;
  const card = await ok(
    await call('admin', 'POST', 'opportunities', {
      source_type: 'Offline',
      media_id: instagram,
      campaign_id: campaign,
      product_id: product,
      price: 900,
      contact: { name: 'Aluna da Feira', phone_number: '11976543210' },
    }),
  );
  await createTasks(w.t.database.db, { platformId: FRANCHISE_PLATFORM_ID, workspaceId: w.jardins }, [
    { opportunityId: card.id, name: 'Ligar', startTimestamp: '2026-01-10 10:00' },
  ]);
  await ok(await call('admin', 'PUT', `opportunities/${card.id}/close`, { data: { state_type: 'Won' } }));
}

beforeAll(async () => {
  tokens = w.tokens as Record<Person, string>;
  ids = w.ids as Record<Person, number>;
  year = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()),
  );
  instagram = await w.named('medias', 'Instagram');
  campaign = await w.named('campaigns', 'Volta às Aulas');
});

describe('the PDCA', () => {
  it("GET /plannings/{id}/pdca counts an action's indicator from the cards of its campaign and checks it against the target", async () => {
    const plan = await planOfThisYear();
    const measured = await ok(await action(plan.id, { target: 1_000_000 }));
    const unmeasured = await ok(
      await action(plan.id, { what: 'Sem indicador', indicator: null, target: null }),
    );
    const before = await ok(await call('orientadora', 'GET', `plannings/${plan.id}/pdca`));
    expect(before).toMatchObject({ planning_id: plan.id, year });
    const first = before.data.find((a: { id: number }) => a.id === measured.id);
    expect(first).toMatchObject({
      pdca_state: 'Plan',
      indicator: 'enrollments',
      target: 1_000_000,
      check: 'failed',
    });
    expect(before.data.find((a: { id: number }) => a.id === unmeasured.id)).toMatchObject({
      actual: null,
      check: null,
    });

    await winCardOfCampaign();
    const after = (await ok(await call('admin', 'GET', `plannings/${plan.id}/pdca`))).data.find(
      (a: { id: number }) => a.id === measured.id,
    );
    expect(after.actual).toBe(first.actual + 1);

    // A target the cards reach is met.
    await ok(
      await call('admin', 'PUT', `plannings/${plan.id}/actions/${measured.id}`, { target: after.actual }),
    );
    const met = (await ok(await call('admin', 'GET', `plannings/${plan.id}/pdca`))).data.find(
      (a: { id: number }) => a.id === measured.id,
    );
    expect(met.check).toBe('met');
  });

  it('PATCH .../pdca moves an action through Plan, Do, Check, Act; a failed check needs the corrective action first', async () => {
    const plan = await planOfThisYear();
    const failing = await ok(await action(plan.id, { target: 1_000_000 }));
    const path = `plannings/${plan.id}/actions/${failing.id}/pdca`;
    for (const state of ['Do', 'Check'])
      expect((await ok(await call('gestor', 'PATCH', path, { pdca_state: state }))).pdca_state).toBe(state);

    const refused = await call('gestor', 'PATCH', path, { pdca_state: 'Act' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: MESSAGES.pdcaCorrectiveRequired,
      errors: [{ field: 'corrective_action' }],
    });
    const acted = await ok(
      await call('gestor', 'PATCH', path, {
        pdca_state: 'Act',
        corrective_action: 'Dobrar a panfletagem em abril',
      }),
    );
    expect(acted).toMatchObject({ pdca_state: 'Act', corrective_action: 'Dobrar a panfletagem em abril' });

    // The PDCA runs while the plan is carried out: a submitted plan still moves its actions' PDCA.
    for (const phase of ['Planning', 'PlanningMedias', 'Planning5w2h', 'Submitted'])
      await ok(await call('admin', 'PATCH', `plannings/${plan.id}`, { phase }));
    expect((await call('admin', 'PATCH', path, { pdca_state: 'Do' })).statusCode).toBe(200);
  });

  it('only the unit admin and manager move the PDCA; a sales rep reads it', async () => {
    const plan = await planOfThisYear();
    const one = await ok(await action(plan.id));
    const res = await call('orientadora', 'PATCH', `plannings/${plan.id}/actions/${one.id}/pdca`, {
      pdca_state: 'Do',
    });
    expect(res.statusCode).toBe(403);
    expect((await call('orientadora', 'GET', `plannings/${plan.id}/pdca`)).statusCode).toBe(200);
  });

  it('PLAT-271 GET /exports/pdca writes the PDCA to XLSX and notifies its owner with the ExportPdcaJob origin', async () => {
    const plan = await planOfThisYear();
    const one = await ok(await action(plan.id, { what: '=HYPERLINK("x")' }));
    await ok(
      await call('admin', 'PATCH', `plannings/${plan.id}/actions/${one.id}/pdca`, {
        corrective_action: 'Rever a campanha',
      }),
    );
    const done = await exported(
      w.t,
      tokens.admin,
      w.jardins,
      `pdca?planning_id=${plan.id}`,
      120_000,
      FRANCHISE_HOST,
    );
    expect(done).toMatchObject({ kind: 'pdca', format: 'xlsx', status: 'done', row_count: 1 });
    const file = await exportCall(w.t, tokens.admin, w.jardins, `${done.id}/download`, FRANCHISE_HOST);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="pdca-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = await xlsxRows(file.rawPayload);
    expect(rows[0]).toEqual([
      'O quê',
      'Por quê',
      'Onde',
      'Quando',
      'Como',
      'Quanto',
      'Etapa PDCA',
      'Indicador',
      'Meta',
      'Realizado',
      'Verificação',
      'Ação corretiva',
    ]);
    expect(rows[1]).toMatchObject({
      0: `'=HYPERLINK("x")`,
      3: `10/03/${year}`,
      6: 'Planejar',
      7: 'Matrículas',
      8: 1,
      11: 'Rever a campanha',
    });

    const notice = await eventually(async () => {
      const page = await ok(
        await w.t.call({
          method: 'GET',
          url: '/api/v1/notifications?limit=500',
          token: tokens.admin,
          host: FRANCHISE_HOST,
        }),
      );
      return (page.data as { data: { origin: string; id: string; filename: string | null } }[]).find(
        (n) => n.data.origin === 'ExportPdcaJob' && n.data.id === done.id,
      );
    });
    expect(notice?.data.filename).toMatch(/^pdca-.*\.xlsx$/);
  });

  it('PLAT-271 GET /exports/pdca?format=pdf prints the PDCA on A4 landscape under the brand, named pdca-<day>.pdf', async () => {
    const plan = await planOfThisYear();
    const first = await ok(await action(plan.id, { what: 'Panfletagem na feira de Moema' }));
    await ok(await action(plan.id, { what: 'Palestra na escola =SUM(1)', indicator: null, target: null }));
    await ok(
      await call('admin', 'PATCH', `plannings/${plan.id}/actions/${first.id}/pdca`, {
        pdca_state: 'Do',
        corrective_action: 'Reforçar a divulgação',
      }),
    );
    const done = await exported(
      w.t,
      tokens.admin,
      w.jardins,
      `pdca?planning_id=${plan.id}&format=pdf`,
      120_000,
      FRANCHISE_HOST,
    );
    expect(done).toMatchObject({ kind: 'pdca', format: 'pdf', status: 'done', row_count: 2 });
    const file = await exportCall(w.t, tokens.admin, w.jardins, `${done.id}/download`, FRANCHISE_HOST);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="pdca-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await pdfPages(file.rawPayload);
    expect(pdf.width).toBeGreaterThan(pdf.height);
    expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([842, 595]);
    const text = pdf.text.join('\n').replace(/\s+/g, ' ');
    const brand = w.t.app.deps.platforms.get(FRANCHISE_PLATFORM_ID).name;
    expect(text.startsWith(brand)).toBe(true);
    expect(text).toContain(`PDCA ${year}`);
    for (const heading of ['Ação', 'Indicador', 'Meta', 'Realizado', 'Etapa PDCA', 'Ação corretiva'])
      expect(text).toContain(heading);
    // The texts as the unit wrote them: a PDF is not a sheet, nothing is neutralised.
    for (const written of [
      'Panfletagem na feira de Moema',
      'Palestra na escola =SUM(1)',
      'Reforçar a divulgação',
      'Executar',
      'Matrículas',
      `10/03/${year}`,
    ])
      expect(text).toContain(written);

    const notice = await eventually(async () => {
      const page = await ok(
        await w.t.call({
          method: 'GET',
          url: '/api/v1/notifications?limit=500',
          token: tokens.admin,
          host: FRANCHISE_HOST,
        }),
      );
      return (page.data as { data: { origin: string; id: string; filename: string | null } }[]).find(
        (n) => n.data.origin === 'ExportPdcaJob' && n.data.id === done.id,
      );
    });
    expect(notice?.data.filename).toMatch(/^pdca-\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it('PLAT-271 the PDCA PDF repeats the column headings at the top of every page', async () => {
    const plan = await planOfThisYear();
    const count = 30;
    for (let i = 1; i <= count; i++)
      await ok(
        await action(plan.id, {
          what: `Ação ${i}: panfletagem na feira do bairro com convite para a aula experimental gratuita, entrega de folhetos e cadastro dos interessados no estande da unidade`,
        }),
      );
    const done = await exported(
      w.t,
      tokens.admin,
      w.jardins,
      `pdca?planning_id=${plan.id}&format=pdf`,
      120_000,
      FRANCHISE_HOST,
    );
    expect(done).toMatchObject({ status: 'done', row_count: count });
    const file = await exportCall(w.t, tokens.admin, w.jardins, `${done.id}/download`, FRANCHISE_HOST);
    const pages = (await pdfPages(file.rawPayload)).text.map((page) => page.replace(/\s+/g, ' '));
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries())
      for (const heading of ['Quando', 'Etapa PDCA', 'Ação corretiva'])
        expect(page, `page ${i + 1}`).toContain(heading);
    // Every action printed once, none lost at a page break.
    const all = pages.join(' ');
    for (let i = 1; i <= count; i++) expect(all.split(`Ação ${i}:`).length - 1, `action ${i}`).toBe(1);
  });

  it('the PDCA export refuses a plan of another unit (404) and a role without export permission (403)', async () => {
    const foreign = await planOfThisYear(w.moema);
    const res = await exportCall(
      w.t,
      tokens.admin,
      w.jardins,
      `pdca?planning_id=${foreign.id}`,
      FRANCHISE_HOST,
    );
    expect(res.statusCode).toBe(404);
    const own = await planOfThisYear();
    const rep = await exportCall(
      w.t,
      tokens.orientadora,
      w.jardins,
      `pdca?planning_id=${own.id}`,
      FRANCHISE_HOST,
    );
    expect(rep.statusCode).toBe(403);
  });
});

describe('the graduation 5W2H', () => {
  const clear = () =>
    w.t.database.db.execute(
      sql`delete from plannings where workspace_id = ${w.jardins} and year = ${year} and type = 'graduation'`,
    );

  it('PLAT-265 GET and POST /graduation/plannings, PUT /graduation/plannings/{id}: a plan of its own beside the regular one', async () => {
    await clear();
    const regular = await planOfThisYear();
    const created = await call('admin', 'POST', 'graduation/plannings', {
      year,
      start_month: 2,
      end_month: 7,
    });
    expect(created.statusCode).toBe(200);
    const graduation = created.json();
    expect(graduation).toMatchObject({ type: 'graduation', year, phase: 'Planning5w2h', start_month: 2 });
    expect(graduation.id).not.toBe(regular.id);
    expect((await call('admin', 'POST', 'graduation/plannings', { year })).statusCode).toBe(409);

    const list = await ok(await call('orientadora', 'GET', `graduation/plannings?year=${year}`));
    expect(list.data.map((p: { id: number }) => p.id)).toEqual([graduation.id]);
    // The regular list keeps to regular plans.
    const regulars = await ok(await call('admin', 'GET', `plannings?year=${year}`));
    expect(regulars.data.map((p: { id: number }) => p.id)).toEqual([regular.id]);

    const changed = await ok(
      await call('gestor', 'PUT', `graduation/plannings/${graduation.id}`, { end_month: 8 }),
    );
    expect(changed.end_month).toBe(8);
    expect(
      (await call('admin', 'PUT', `graduation/plannings/${regular.id}`, { end_month: 8 })).statusCode,
    ).toBe(404);

    // Its 5W2H actions and their PDCA are a plan's.
    const one = await ok(await action(graduation.id, { what: 'Vestibular agendado' }));
    const pdca = await ok(await call('admin', 'GET', `plannings/${graduation.id}/pdca`));
    expect(pdca.data.map((a: { id: number }) => a.id)).toEqual([one.id]);
    expect((await call('orientadora', 'POST', 'graduation/plannings', { year: year + 1 })).statusCode).toBe(
      403,
    );
  });
});

describe('tenancy', () => {
  it('a plan of another unit answers 404 on the PDCA and graduation routes', async () => {
    await w.t.database.db.execute(
      sql`delete from plannings where workspace_id = ${w.moema} and year = ${year} and type = 'graduation'`,
    );
    const foreign = await ok(await call('admin', 'POST', 'graduation/plannings', { year }, w.moema));
    const foreignAction = await ok(
      await call(
        'admin',
        'POST',
        `plannings/${foreign.id}/actions`,
        { what: 'X', when: `${year}-01-01`, who_user_id: ids.admin },
        w.moema,
      ),
    );
    const paths: [HTTPMethods, string, object?][] = [
      ['GET', `plannings/${foreign.id}/pdca`],
      ['PATCH', `plannings/${foreign.id}/actions/${foreignAction.id}/pdca`, { pdca_state: 'Do' }],
      ['PUT', `graduation/plannings/${foreign.id}`, { end_month: 5 }],
    ];
    for (const [method, path, body] of paths) {
      const res = await call('admin', method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = await ok(await call('admin', 'GET', 'graduation/plannings'));
    expect(list.data.map((p: { id: number }) => p.id)).not.toContain(foreign.id);
  });

  it('a user of another platform never sees a plan through the PDCA or the graduation list', async () => {
    const plan = await planOfThisYear();
    for (const path of [`plannings/${plan.id}/pdca`, 'graduation/plannings']) {
      for (const host of [FRANCHISE_HOST, 'localhost']) {
        const res = await w.t.call({
          method: 'GET',
          url: `/api/v1/workspaces/${w.jardins}/${path}`,
          token: w.centroToken,
          host,
        });
        expect([401, 404], `${path} ${host}`).toContain(res.statusCode);
        expect(res.body).not.toContain('planning_id');
      }
    }
  });
});
