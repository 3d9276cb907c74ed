import { MESSAGES } from '@vendaval/core/messages';
import { AUTOMATION_MAX_DEPTH, type AutomationDefinitionInput } from '@vendaval/core/schemas/automations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { eventually, signatureIsValid, startReceiver } from '../../../test/factories/webhooks.ts';
import { AUTOMATION_STEP_QUEUE, scanAutomationTriggers } from './automations.engine.ts';

interface Run {
  id: number;
  version_number: number;
  status: string;
  reason: string | null;
  depth: number;
  opportunity: { id: number } | null;
  steps: { index: number; type: string; status: string; attempts: number; error: string | null }[];
}

let w: World;
let stages: Record<string, number>;
let tags: Record<string, number>;
beforeAll(async () => {
  w = await cardsWorld({ config: { webhooksAllowPrivate: true, webhookRetryDelaySeconds: 1 } });
  const settings = await w.call('admin', 'POST', w.centro, 'settings', {
    require_task_for_stage_change: false,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  stages = Object.fromEntries((await w.stages(w.centro)).map((s) => [s.name, s.id]));
  tags = {};
  for (const name of ['Bolsa', 'Indicação', 'Irmãos', 'Retorno'])
    tags[name] = (await w.item(w.centro, 'tags', name)).id;
});
afterAll(() => w.t.close());

const trigger = { type: 'card_created' as const };
const definitionOf = (extra: Partial<AutomationDefinitionInput> = {}): AutomationDefinitionInput => ({
  trigger,
  actions: [{ type: 'add_tag', tag_id: tags.Bolsa as number }],
  ...extra,
});

/** A published automation of the centre workspace, removed once `check` is done. */
async function live(definition: AutomationDefinitionInput, check: (id: number) => Promise<void>) {
  const created = await w.call('admin', 'POST', w.centro, 'automations', { name: 'Teste', definition });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  try {
    const published = await w.call('admin', 'POST', w.centro, `automations/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    await check(id);
  } finally {
    await w.call('admin', 'DELETE', w.centro, `automations/${id}`);
  }
}

async function runsOf(id: number, query = '') {
  const res = await w.call('admin', 'GET', w.centro, `automations/${id}/logs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Run[];
}

/** Waits until the card's run of this automation is over. */
const finishedRun = (id: number, cardId: number, count = 1) =>
  eventually(async () => {
    const runs = (await runsOf(id)).filter((r) => r.opportunity?.id === cardId && r.status !== 'running');
    return runs.length >= count ? runs : undefined;
  });

const newCard = (payload: Record<string, unknown> = {}) => w.create('admin', w.centro, payload);

describe('automations API', () => {
  it('PLAT-274 PLAT-276 create, get, list, patch the draft and delete, for admins and managers only', async () => {
    for (const who of ['atendente'] as Person[]) {
      expect((await w.call(who, 'GET', w.centro, 'automations')).statusCode).toBe(403);
      expect(
        (await w.call(who, 'POST', w.centro, 'automations', { name: 'X', definition: definitionOf() }))
          .statusCode,
      ).toBe(403);
    }
    const created = await w.call('gerente', 'POST', w.centro, 'automations', {
      name: 'Boas-vindas',
      definition: definitionOf(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      name: 'Boas-vindas',
      enabled: true,
      live_version_id: null,
      has_unpublished_changes: true,
      definition: { trigger: { type: 'card_created', sources: [] }, conditions: { stage_ids: [] } },
    });
    const patched = await w.call('admin', 'PATCH', w.centro, `automations/${id}`, {
      name: 'Recepção',
      enabled: false,
    });
    expect(patched.json()).toMatchObject({ name: 'Recepção', enabled: false });
    expect((await w.call('admin', 'GET', w.centro, `automations/${id}`)).json().name).toBe('Recepção');
    const list = await w.call('admin', 'GET', w.centro, 'automations?limit=500');
    expect(list.json().data.map((a: { id: number }) => a.id)).toContain(id);
    expect((await w.call('atendente', 'DELETE', w.centro, `automations/${id}`)).statusCode).toBe(403);
    expect((await w.call('admin', 'DELETE', w.centro, `automations/${id}`)).statusCode).toBe(200);
    expect((await w.call('admin', 'GET', w.centro, `automations/${id}`)).statusCode).toBe(404);
  });

  it('refuses a definition without actions, with a foreign id (404) or moving to a closed stage (400)', async () => {
    const empty = await w.call('admin', 'POST', w.centro, 'automations', {
      name: 'X',
      definition: { trigger, actions: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({
      field: 'definition.actions',
      description: MESSAGES.automationActionsRequired,
    });
    const foreignStage = (await w.stages(w.zonaNorte))[0]?.id as number;
    const foreignTag = (await w.item(w.zonaNorte, 'tags', 'Bolsa')).id;
    for (const definition of [
      definitionOf({ actions: [{ type: 'move_stage', stage_id: foreignStage }] }),
      definitionOf({ actions: [{ type: 'add_tag', tag_id: foreignTag }] }),
      definitionOf({ conditions: { stage_ids: [foreignStage] } }),
      definitionOf({ actions: [{ type: 'assign', user_id: w.user.rh }] }),
    ]) {
      const res = await w.call('admin', 'POST', w.centro, 'automations', { name: 'X', definition });
      expect(res.statusCode, JSON.stringify(definition)).toBe(404);
    }
    const won = await w.stage(w.centro, 'Won');
    const closed = await w.call('admin', 'POST', w.centro, 'automations', {
      name: 'X',
      definition: definitionOf({ actions: [{ type: 'move_stage', stage_id: won.id }] }),
    });
    expect(closed.json()).toMatchObject({ status: 400, message: MESSAGES.automationStageClosed });
  });

  it('PLAT-275 publishing makes a new immutable version live; a PATCH changes only the draft', async () => {
    const created = await w.call('admin', 'POST', w.centro, 'automations', {
      name: 'V',
      definition: definitionOf(),
    });
    const id = created.json().id;
    const v1 = (await w.call('admin', 'POST', w.centro, `automations/${id}/publish`)).json();
    expect(v1).toMatchObject({ number: 1, is_live: true, published_by: { id: w.user.admin } });
    expect((await w.call('admin', 'GET', w.centro, `automations/${id}`)).json()).toMatchObject({
      live_version_id: v1.id,
      live_version_number: 1,
      has_unpublished_changes: false,
    });
    const changed = definitionOf({ actions: [{ type: 'remove_tag', tag_id: tags.Bolsa as number }] });
    const draft = await w.call('admin', 'PATCH', w.centro, `automations/${id}`, { definition: changed });
    expect(draft.json()).toMatchObject({ has_unpublished_changes: true, live_version_id: v1.id });
    expect(
      (await w.call('admin', 'GET', w.centro, `automations/${id}/versions/${v1.id}`)).json().definition
        .actions,
    ).toEqual([{ type: 'add_tag', tag_id: tags.Bolsa }]);
    const v2 = (await w.call('gerente', 'POST', w.centro, `automations/${id}/publish`)).json();
    expect(v2).toMatchObject({ number: 2, is_live: true, published_by: { id: w.user.gerente } });
    const versions = (await w.call('admin', 'GET', w.centro, `automations/${id}/versions`)).json();
    expect(versions.data.map((v: { number: number; is_live: boolean }) => [v.number, v.is_live])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(versions.data[1].definition.actions).toEqual([{ type: 'add_tag', tag_id: tags.Bolsa }]);
    const back = await w.call('admin', 'POST', w.centro, `automations/${id}/versions/${v1.id}`);
    expect(back.json()).toMatchObject({ number: 1, is_live: true });
    expect((await w.call('admin', 'GET', w.centro, `automations/${id}/versions/99999`)).statusCode).toBe(404);
    await w.call('admin', 'DELETE', w.centro, `automations/${id}`);
  });

  it("a foreign workspace's automation answers 404 on every route", async () => {
    const created = await w.call('admin', 'POST', w.centro, 'automations', {
      name: 'F',
      definition: definitionOf(),
    });
    const id = created.json().id;
    const v = (await w.call('admin', 'POST', w.centro, `automations/${id}/publish`)).json();
    for (const [method, path] of [
      ['GET', `automations/${id}`],
      ['PATCH', `automations/${id}`],
      ['DELETE', `automations/${id}`],
      ['GET', `automations/${id}/versions`],
      ['GET', `automations/${id}/versions/${v.id}`],
      ['POST', `automations/${id}/versions/${v.id}`],
      ['POST', `automations/${id}/publish`],
      ['GET', `automations/${id}/logs`],
    ] as const) {
      const res = await w.call(
        'admin',
        method,
        w.zonaNorte,
        path,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await w.call('admin', 'GET', w.centro, `automations/${id}`)).statusCode).toBe(200);
    await w.call('admin', 'DELETE', w.centro, `automations/${id}`);
  });

  it('PLAT-274 the forecast counts the open cards the conditions reach now, with a sample of 10', async () => {
    const stage = stages['Visita agendada'] as number;
    for (let i = 0; i < 3; i++) await newCard({ sales_stage_id: stages['Pré-atendimento'] });
    const cards = [];
    for (let i = 0; i < 12; i++) {
      const card = await newCard();
      await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/move-to`, {
        data: { sales_stage_id: stage },
      });
      cards.push(card.id);
    }
    const definition = definitionOf({ conditions: { stage_ids: [stage] } });
    const res = await w.call('gerente', 'POST', w.centro, 'automations/forecast', { definition });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(12);
    expect(res.json().sample).toHaveLength(10);
    for (const card of res.json().sample) expect(card.sales_stage_id).toBe(stage);
    expect(
      (await w.call('atendente', 'POST', w.centro, 'automations/forecast', { definition })).statusCode,
    ).toBe(403);
  });
});

describe('automation engine', () => {
  it('a new card runs every action through the services, credited to the automation in the history, and a signed webhook', async () => {
    const target = await startReceiver();
    const hook = await w.call('admin', 'POST', w.centro, 'webhooks', {
      name: 'ERP',
      url: target.url,
      events: ['task.deleted'],
    });
    const taskType = await w.item(w.centro, 'task-types', 'Ligar');
    const phone = await w.item(w.centro, 'interaction-types', 'Ligação');
    try {
      await live(
        {
          trigger: { type: 'card_created', sources: ['person'] },
          actions: [
            { type: 'add_tag', tag_id: tags.Indicação as number },
            { type: 'assign', user_id: w.user.gerente },
            {
              type: 'create_task',
              task_type_id: taskType.id,
              interaction_type_id: phone.id,
              due_in: 2,
              due_unit: 'hours',
            },
            { type: 'move_stage', stage_id: stages['Em atendimento'] as number },
            { type: 'remove_tag', tag_id: tags.Indicação as number },
            { type: 'webhook', webhook_id: hook.json().id },
          ],
        },
        async (id) => {
          const card = await newCard({ user_id: w.user.atendente });
          const [run] = await finishedRun(id, card.id);
          expect(run).toMatchObject({ status: 'completed', version_number: 1, depth: 0 });
          expect(run?.steps.map((s) => [s.type, s.status])).toEqual([
            ['add_tag', 'done'],
            ['assign', 'done'],
            ['create_task', 'done'],
            ['move_stage', 'done'],
            ['remove_tag', 'done'],
            ['webhook', 'done'],
          ]);
          const after = await w.card(w.centro, card.id);
          expect(after).toMatchObject({ user_id: w.user.gerente, sales_stage_id: stages['Em atendimento'] });
          expect(after.tags ?? []).not.toContain(tags.Indicação);
          const history = await w.history(w.centro, card.id);
          const byAutomation = history.filter(
            (e) => (e.data.automation as { id: number } | undefined)?.id === id,
          );
          expect(byAutomation.map((e) => e.type).sort()).toEqual(
            ['OpportunitySalesStageUpdated', 'OpportunityUserUpdated', 'TaskCreated'].sort(),
          );
          for (const entry of byAutomation) expect(entry.user).toBeNull();
          const received = await eventually(async () => target.received[0]);
          expect(signatureIsValid(received, hook.json().secret)).toBe(true);
          expect(JSON.parse(received.body)).toMatchObject({
            event: 'automation.webhook',
            workspace_id: w.centro,
            data: { opportunity: { id: card.id } },
          });
          const period = `?start_timestamp=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`;
          expect((await runsOf(id, period)).map((r) => r.id)).toContain(run?.id);
          const future = `?start_timestamp=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`;
          expect(await runsOf(id, future)).toEqual([]);
        },
      );
    } finally {
      await target.close();
    }
  });

  it("assigns by the workspace's distribution, and a trigger limited to other origins ignores a person's card", async () => {
    const fixed = await w.call('admin', 'POST', w.centro, 'settings', {
      distribution: 'fixed_user',
      distribution_user_id: w.user.gerente,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    try {
      await live(definitionOf({ actions: [{ type: 'assign', user_id: null }] }), async (id) => {
        await live(
          definitionOf({ trigger: { type: 'card_created', sources: ['form', 'import', 'chat'] } }),
          async (other) => {
            const card = await newCard({ user_id: w.user.atendente });
            // Runs start in the transaction that creates the card: none now means none ever.
            expect((await runsOf(other)).filter((r) => r.opportunity?.id === card.id)).toEqual([]);
            expect((await finishedRun(id, card.id))[0]?.status).toBe('completed');
            expect((await w.card(w.centro, card.id)).user_id).toBe(w.user.gerente);
          },
        );
      });
    } finally {
      await w.call('admin', 'POST', w.centro, 'settings', {
        distribution: 'round_robin',
        distribution_user_id: null,
      });
    }
  });

  it('a retried step job never repeats its action (unique run and step)', async () => {
    await live(definitionOf({ actions: [{ type: 'assign', user_id: w.user.gerente }] }), async (id) => {
      const card = await newCard({ user_id: w.user.atendente });
      const [run] = await finishedRun(id, card.id);
      const before = (await w.history(w.centro, card.id)).length;
      await w.t.app.deps.jobs.send(AUTOMATION_STEP_QUEUE, {
        platformId: 1000,
        workspaceId: w.centro,
        runId: run?.id,
        step: 0,
      });
      await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/assign`, {
        user_id: w.user.atendente,
      });
      // The repeated job has had its turn once the queue is empty.
      await eventually(async () => {
        const [counts] = await w.t.app.deps.jobs
          .counts()
          .then((all) => all.filter((c) => c.queue === AUTOMATION_STEP_QUEUE));
        return counts && counts.queued === 0 && counts.active === 0 ? true : undefined;
      });
      expect((await w.card(w.centro, card.id)).user_id).toBe(w.user.atendente);
      expect((await w.history(w.centro, card.id)).length).toBe(before + 1);
      expect((await runsOf(id)).find((r) => r.id === run?.id)?.steps).toHaveLength(1);
    });
  });

  it('stage changed, won and lost start their automations; a card created by hand does not start a stage trigger', async () => {
    const target = stages.Negociação as number;
    const product = await w.item(w.centro, 'products', 'Curso de Inglês');
    const reason = await w.item(w.centro, 'objections', 'Preço');
    await live(
      definitionOf({
        trigger: { type: 'stage_changed', to_stage_id: target },
        actions: [{ type: 'add_tag', tag_id: tags.Retorno as number }],
      }),
      async (moved) => {
        await live(
          definitionOf({
            trigger: { type: 'won' },
            actions: [{ type: 'add_tag', tag_id: tags.Irmãos as number }],
          }),
          async (won) => {
            await live(
              definitionOf({
                trigger: { type: 'lost' },
                actions: [{ type: 'add_tag', tag_id: tags.Bolsa as number }],
              }),
              async (lost) => {
                const a = await newCard({ product_id: product.id, price: 1000 });
                const b = await newCard();
                expect(
                  (
                    await w.call('admin', 'PUT', w.centro, `opportunities/${a.id}/move-to`, {
                      data: { sales_stage_id: target },
                    })
                  ).statusCode,
                ).toBe(200);
                await finishedRun(moved, a.id);
                expect((await w.card(w.centro, a.id)).tags).toContain(tags.Retorno);
                const close = await w.call('admin', 'PUT', w.centro, `opportunities/${a.id}/close`, {
                  data: { state_type: 'Won' },
                });
                expect(close.statusCode, close.body).toBe(200);
                expect((await finishedRun(won, a.id))[0]?.status).toBe('completed');
                expect(
                  (
                    await w.call('admin', 'PUT', w.centro, `opportunities/${b.id}/close`, {
                      data: { state_type: 'Lost', closed_type: reason.id },
                    })
                  ).statusCode,
                ).toBe(200);
                expect((await finishedRun(lost, b.id))[0]?.status).toBe('completed');
                expect((await runsOf(moved)).filter((r) => r.opportunity?.id === b.id)).toEqual([]);
                expect((await runsOf(lost)).filter((r) => r.opportunity?.id === a.id)).toEqual([]);
              },
            );
          },
        );
      },
    );
  });

  it('a wait is a scheduled job, and a run started on v1 finishes on v1 after v2 is published', async () => {
    await live(
      definitionOf({
        actions: [
          { type: 'wait', amount: 1, unit: 'minutes' },
          { type: 'add_tag', tag_id: tags.Irmãos as number },
        ],
      }),
      async (id) => {
        const card = await newCard();
        await eventually(async () =>
          (await runsOf(id)).find((r) => r.opportunity?.id === card.id)?.steps.length ? true : undefined,
        );
        const waiting = await w.t.database.db.execute(
          sql`select start_after > now() + interval '30 seconds' as later from pgboss.job where name = ${AUTOMATION_STEP_QUEUE} and state = 'created'`,
        );
        expect((waiting as unknown as { rows: { later: boolean }[] }).rows).toContainEqual({ later: true });
        await w.call('admin', 'PATCH', w.centro, `automations/${id}`, {
          definition: definitionOf({ actions: [{ type: 'add_tag', tag_id: tags.Retorno as number }] }),
        });
        expect((await w.call('admin', 'POST', w.centro, `automations/${id}/publish`)).json().number).toBe(2);
        // The minute passes.
        await w.t.database.db.execute(
          sql`update pgboss.job set start_after = now() where name = ${AUTOMATION_STEP_QUEUE} and state = 'created'`,
        );
        const [run] = await finishedRun(id, card.id);
        expect(run).toMatchObject({ status: 'completed', version_number: 1 });
        const tagsAfter = (await w.card(w.centro, card.id)).tags as number[];
        expect(tagsAfter).toContain(tags.Irmãos);
        expect(tagsAfter).not.toContain(tags.Retorno);
        const later = await newCard();
        const [second] = await finishedRun(id, later.id);
        expect(second).toMatchObject({ status: 'completed', version_number: 2 });
        expect((await w.card(w.centro, later.id)).tags).toContain(tags.Retorno);
      },
    );
  });

  it("a sandbox install's clock ends the workspace's waits at once; in production its route answers 404", async () => {
    const path = 'automations/sandbox-end-waits';
    const production = await w.call('admin', 'POST', w.centro, path);
    expect(production.statusCode, production.body).toBe(404);
    const { config } = w.t.app.deps;
    config.sandboxClock = true;
    try {
      await live(
        definitionOf({
          actions: [
            { type: 'wait', amount: 1, unit: 'hours' },
            { type: 'add_tag', tag_id: tags.Indicação as number },
          ],
        }),
        async (id) => {
          const card = await newCard();
          await eventually(async () =>
            (await runsOf(id)).find((r) => r.opportunity?.id === card.id)?.steps.length ? true : undefined,
          );
          expect((await w.call('atendente', 'POST', w.centro, path)).statusCode).toBe(403);
          expect((await w.call('carla', 'POST', w.centro, path)).statusCode).toBe(404);
          const ended = await w.call('gerente', 'POST', w.centro, path);
          expect(ended.statusCode, ended.body).toBe(200);
          expect(ended.json().started).toBeGreaterThanOrEqual(1);
          const [run] = await finishedRun(id, card.id);
          expect(run).toMatchObject({
            status: 'completed',
            steps: [
              { type: 'wait', status: 'done' },
              { type: 'add_tag', status: 'done' },
            ],
          });
          expect((await w.card(w.centro, card.id)).tags).toContain(tags.Indicação);
        },
      );
    } finally {
      config.sandboxClock = false;
    }
  });

  it(`loop protection: automations that set each other off stop past depth ${AUTOMATION_MAX_DEPTH} and log why`, async () => {
    const [s1, s2] = [stages.Reativação as number, stages['Sem retorno'] as number];
    await live(
      definitionOf({
        trigger: { type: 'stage_changed', to_stage_id: s1 },
        actions: [{ type: 'move_stage', stage_id: s2 }],
      }),
      async (a) => {
        await live(
          definitionOf({
            trigger: { type: 'stage_changed', to_stage_id: s2 },
            actions: [{ type: 'move_stage', stage_id: s1 }],
          }),
          async (b) => {
            const card = await newCard();
            await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/move-to`, {
              data: { sales_stage_id: s1 },
            });
            const stopped = await eventually(async () =>
              [...(await runsOf(a)), ...(await runsOf(b))].find(
                (r) => r.opportunity?.id === card.id && r.status === 'stopped',
              ),
            );
            expect(stopped).toMatchObject({
              depth: AUTOMATION_MAX_DEPTH + 1,
              reason: MESSAGES.automationLoopStopped(AUTOMATION_MAX_DEPTH),
              steps: [],
            });
            const all = [...(await runsOf(a)), ...(await runsOf(b))].filter(
              (r) => r.opportunity?.id === card.id,
            );
            expect(all.map((r) => r.depth).sort()).toEqual([0, 1, 2, 3, 4]);
          },
        );
      },
    );
  });

  it('a failing action is retried, and a final failure stops only that run with the error logged', async () => {
    const target = await startReceiver([500]);
    const hook = await w.call('admin', 'POST', w.centro, 'webhooks', {
      name: 'CRM',
      url: target.url,
      events: ['task.deleted'],
    });
    const gone = await w.call('admin', 'POST', w.centro, 'webhooks', {
      name: 'Velho',
      url: target.url,
      events: ['task.deleted'],
    });
    try {
      await live(definitionOf({ actions: [{ type: 'webhook', webhook_id: hook.json().id }] }), async (id) => {
        const card = await newCard();
        const [run] = await finishedRun(id, card.id);
        expect(run).toMatchObject({
          status: 'completed',
          steps: [{ type: 'webhook', status: 'done', attempts: 2 }],
        });
        expect(target.received).toHaveLength(2);
      });
      await live(
        definitionOf({
          actions: [
            { type: 'webhook', webhook_id: gone.json().id },
            { type: 'add_tag', tag_id: tags.Bolsa as number },
          ],
        }),
        async (id) => {
          await w.call('admin', 'DELETE', w.centro, `webhooks/${gone.json().id}`);
          const card = await newCard();
          const [run] = await finishedRun(id, card.id);
          expect(run).toMatchObject({
            status: 'failed',
            reason: MESSAGES.notFound,
            steps: [{ type: 'webhook', status: 'failed', error: MESSAGES.notFound }],
          });
          expect((await w.card(w.centro, card.id)).tags ?? []).not.toContain(tags.Bolsa);
        },
      );
    } finally {
      await target.close();
    }
  });

  it('OPP-016 a blacklisted contact is skipped, and the log says why', async () => {
    await live(definitionOf(), async (id) => {
      const card = await newCard({
        contact: { name: 'Bloqueado', phone_number: w.phone(), is_blacklisted: true },
      });
      const [run] = await finishedRun(id, card.id);
      expect(run).toMatchObject({
        status: 'skipped',
        reason: MESSAGES.automationContactBlacklisted,
        steps: [],
      });
      expect((await w.card(w.centro, card.id)).tags ?? []).not.toContain(tags.Bolsa);
    });
  });

  it('no interaction for N hours and task overdue are found by the scan, once per occurrence', async () => {
    const deps = {
      db: w.t.app.deps.db,
      events: w.t.app.deps.events,
      jobs: w.t.app.deps.jobs,
      webhooks: { allowPrivate: true, retryDelaySeconds: 1 },
      mainCollaborator: () => 'salesRep',
      stepsPerMinute: 600,
    };
    const gerente = { user_ids: [w.user.gerente] };
    await live(
      definitionOf({
        trigger: { type: 'no_interaction', hours: 24 },
        conditions: gerente,
        // An action that leaves the card as it is: a changed card is a new occurrence of being idle.
        actions: [{ type: 'wait', amount: 1, unit: 'hours' }],
      }),
      async (idle) => {
        await live(
          definitionOf({
            trigger: { type: 'task_overdue' },
            conditions: gerente,
            actions: [{ type: 'wait', amount: 1, unit: 'hours' }],
          }),
          async (overdue) => {
            const card = await newCard({ user_id: w.user.gerente });
            await w.addTask(w.centro, card.id);
            const tomorrow = new Date(Date.now() + 25 * 3_600_000);
            await scanAutomationTriggers(deps, tomorrow);
            await scanAutomationTriggers(deps, tomorrow);
            const runsFor = async (id: number) =>
              (await runsOf(id)).filter((r) => r.opportunity?.id === card.id);
            expect(await runsFor(idle)).toMatchObject([{ trigger: 'no_interaction' }]);
            expect(await runsFor(overdue)).toMatchObject([{ trigger: 'task_overdue' }]);
            await scanAutomationTriggers(deps, new Date());
            expect(await runsFor(overdue)).toHaveLength(1);
            expect(await runsFor(idle)).toHaveLength(1);
          },
        );
      },
    );
  });
});
