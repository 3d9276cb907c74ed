import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';

let w: World;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w.t.close());

const act = (who: Person, id: number, action: string, payload: object, workspaceId = w.centro) =>
  w.call(who, 'PUT', workspaceId, `opportunities/${id}/${action}`, payload);
const move = (id: number, stageId: number, displayOrder: 'top' | number = 'top', who: Person = 'admin') =>
  act(who, id, 'move-to', { data: { sales_stage_id: stageId, display_order: displayOrder } });
const refused = (field: string, description: string) => ({
  status: 400,
  message: description,
  errors: [{ field, description }],
});
const plain = (description: string) => ({ status: 400, message: description });

/** A card with a task (the task rule is on in the demo) and, when asked, a product and price. */
async function readyCard(extra: Record<string, unknown> = {}, workspaceId = w.centro): Promise<Card> {
  const card = await w.create('admin', workspaceId, extra);
  await w.addTask(workspaceId, card.id);
  return card;
}
async function wonReady() {
  const product = await w.item(w.centro, 'products', 'Curso de Inglês');
  return readyCard({ product_id: product.id, price: 389.9 });
}
const lostReason = (name = 'Preço') => w.item(w.centro, 'objections', name);
const setTaskRule = (on: boolean) =>
  w.call('admin', 'POST', w.centro, 'settings', { require_task_for_stage_change: on });

describe('PUT /opportunities/:id/move-to', () => {
  it('OPP-085 OPP-086 OPP-226 moves an open card to another open stage, at the top, and logs the stage change', async () => {
    const card = await readyCard();
    const negotiation = await w.stage(w.centro, 'Negotiation');
    const column = await w.call(
      'admin',
      'GET',
      w.centro,
      `opportunities?sales_stage_id=${negotiation.id}&limit=1`,
    );
    const top = column.json().data[0].display_order as number;
    const res = await move(card.id, negotiation.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sales_stage_id: negotiation.id,
      display_order: top + 1,
      state_type: 'Open',
    });
    const [entry] = await w.history(w.centro, card.id);
    expect(entry).toMatchObject({
      type: 'OpportunitySalesStageUpdated',
      data: { from_name: 'Novo lead', to_name: 'Negociação' },
    });
  });

  it('OPP-087 within its own stage it only reorders: top or a number, no log, no task needed', async () => {
    const card = await w.create('admin', w.centro);
    const first = await w.stage(w.centro, 'First');
    const other = await w.create('admin', w.centro);
    const down = await move(card.id, first.id, 2.5);
    expect(down.json().display_order).toBe(2.5);
    const up = await move(card.id, first.id);
    expect(up.json().display_order).toBe(other.display_order + 1);
    expect((await w.history(w.centro, card.id)).map((e) => e.type)).toEqual(['OpportunityCreated']);
  });

  it('OPP-088 OPP-090 another stage needs a task while the workspace requires one; off, it does not', async () => {
    const card = await w.create('admin', w.centro);
    const progress = await w.stage(w.centro, 'InProgress');
    const res = await move(card.id, progress.id);
    expect(res.json()).toEqual(plain(MESSAGES.noTaskForStageChange));
    expect((await w.card(w.centro, card.id)).sales_stage_id).toBe(card.sales_stage_id);
    expect((await setTaskRule(false)).statusCode).toBe(200);
    try {
      expect((await move(card.id, progress.id)).json().sales_stage_id).toBe(progress.id);
    } finally {
      await setTaskRule(true);
    }
  });

  it('OPP-094 a Won or Lost stage is reached by closing, not by a move', async () => {
    const card = await readyCard();
    for (const type of ['Won', 'Lost']) {
      const stage = await w.stage(w.centro, type);
      expect((await move(card.id, stage.id)).json()).toEqual(
        refused('data.sales_stage_id', MESSAGES.closedStageByClose),
      );
    }
  });

  it('a closed card does not move; a stage of another workspace answers 404', async () => {
    const card = await readyCard();
    await act('admin', card.id, 'close', {
      data: { state_type: 'Lost', closed_type: (await lostReason()).id },
    });
    const progress = await w.stage(w.centro, 'InProgress');
    expect((await move(card.id, progress.id)).json()).toEqual(plain(MESSAGES.opportunityNotOpen));
    const open = await readyCard();
    const north = await w.stage(w.zonaNorte, 'InProgress');
    expect((await move(open.id, north.id)).statusCode).toBe(404);
    expect(await w.card(w.centro, open.id)).toMatchObject({ sales_stage_id: open.sales_stage_id });
  });

  it("OPP-204 a salesRep moves their own cards only: another rep's answers 404", async () => {
    const card = await readyCard({ user_id: w.user.bruno });
    const progress = await w.stage(w.centro, 'InProgress');
    expect((await move(card.id, progress.id, 'top', 'atendente')).statusCode).toBe(404);
    expect((await move(card.id, progress.id, 'top', 'bruno')).statusCode).toBe(200);
  });

  it('cards sent to the top of one column at the same time each get their own place', async () => {
    const cards = await Promise.all([readyCard(), readyCard(), readyCard(), readyCard()]);
    const scheduled = await w.stage(w.centro, 'Scheduled');
    const moved = await Promise.all(cards.map((c) => move(c.id, scheduled.id)));
    const orders = moved.map((r) => r.json().display_order as number);
    expect(new Set(orders).size).toBe(cards.length);
  });
});

describe('PUT /opportunities/:id/close', () => {
  it('OPP-093 OPP-104 OPP-227 Won: to the top of the first Won stage, closed now, remembering the stage it left', async () => {
    const card = await wonReady();
    const won = await w.stage(w.centro, 'Won');
    const res = await act('admin', card.id, 'close', {
      id: card.id,
      workspace_id: w.centro,
      data: { state_type: 'Won', closed_at: '2020-01-01', trigger_room_status: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state_type: 'Won', sales_stage_id: won.id, closed_type: null });
    expect(Date.now() - Date.parse(res.json().closed_at)).toBeLessThan(60_000);
    const [entry] = await w.history(w.centro, card.id);
    expect(entry).toMatchObject({ type: 'OpportunityClosedWon', data: { sales_stage_name: 'Ganho' } });
  });

  it('OPP-097 Won needs a product and a price above zero on the card', async () => {
    const product = await w.item(w.centro, 'products', 'Curso de Inglês');
    for (const extra of [{}, { price: 100 }, { product_id: product.id }]) {
      const card = await readyCard(extra);
      const res = await act('admin', card.id, 'close', { data: { state_type: 'Won' } });
      expect(res.json(), JSON.stringify(extra)).toEqual(plain(MESSAGES.wonRequiresProductAndPrice));
      expect((await w.card(w.centro, card.id)).state_type).toBe('Open');
    }
  });

  it('OPP-098 OPP-099 OPP-227 Lost needs a reason of the workspace; the description is optional', async () => {
    const card = await readyCard();
    expect((await act('admin', card.id, 'close', { data: { state_type: 'Lost' } })).json()).toEqual(
      refused('data.closed_type', MESSAGES.lostRequiresReason),
    );
    const foreign = await w.item(w.zonaNorte, 'objections', 'Preço');
    expect(
      (await act('admin', card.id, 'close', { data: { state_type: 'Lost', closed_type: foreign.id } }))
        .statusCode,
    ).toBe(404);
    expect((await w.card(w.centro, card.id)).state_type).toBe('Open');
    const reason = await lostReason('Distância');
    const res = await act('admin', card.id, 'close', {
      data: { state_type: 'Lost', closed_type: reason.id, closed_description: 'Mora longe.' },
    });
    const lost = await w.stage(w.centro, 'Lost');
    expect(res.json()).toMatchObject({
      state_type: 'Lost',
      sales_stage_id: lost.id,
      closed_type: reason.id,
      closed_description: 'Mora longe.',
    });
    const [entry] = await w.history(w.centro, card.id);
    expect(entry).toMatchObject({
      type: 'OpportunityClosedLost',
      data: { sales_stage_name: 'Perdido', closed_type: 'Distância', closed_description: 'Mora longe.' },
    });
    const bare = await readyCard();
    const noText = await act('admin', bare.id, 'close', {
      data: { state_type: 'Lost', closed_type: reason.id },
    });
    expect(noText.json()).toMatchObject({ state_type: 'Lost', closed_description: null });
  });

  it('OPP-095 OPP-090 closing needs a task while the workspace requires one', async () => {
    const product = await w.item(w.centro, 'products', 'Curso de Inglês');
    const card = await w.create('admin', w.centro, { product_id: product.id, price: 10 });
    expect((await act('admin', card.id, 'close', { data: { state_type: 'Won' } })).json()).toEqual(
      plain(MESSAGES.noTaskForStageChange),
    );
    await w.addTask(w.centro, card.id);
    expect((await act('admin', card.id, 'close', { data: { state_type: 'Won' } })).statusCode).toBe(200);
  });

  it('a closed card cannot be closed again; ids in the body must be this card and workspace', async () => {
    const card = await wonReady();
    expect(
      (await act('admin', card.id, 'close', { id: card.id + 1, data: { state_type: 'Won' } })).json(),
    ).toEqual(refused('id', MESSAGES.idMismatch));
    expect(
      (await act('admin', card.id, 'close', { workspace_id: w.zonaNorte, data: { state_type: 'Won' } }))
        .statusCode,
    ).toBe(404);
    expect((await act('admin', card.id, 'close', { data: { state_type: 'Won' } })).statusCode).toBe(200);
    expect((await act('admin', card.id, 'close', { data: { state_type: 'Won' } })).json()).toEqual(
      plain(MESSAGES.opportunityClosedAlready),
    );
  });

  it("OPP-204 a salesRep cannot close another rep's card", async () => {
    const card = await readyCard({ user_id: w.user.bruno });
    const reason = await lostReason();
    const res = await act('atendente', card.id, 'close', {
      data: { state_type: 'Lost', closed_type: reason.id },
    });
    expect(res.statusCode).toBe(404);
    expect((await w.card(w.centro, card.id)).state_type).toBe('Open');
  });
});

describe('PUT /opportunities/:id/reopen', () => {
  async function lostCard() {
    const card = await readyCard();
    const progress = await w.stage(w.centro, 'InProgress');
    await move(card.id, progress.id);
    const reason = await lostReason();
    await act('admin', card.id, 'close', {
      data: { state_type: 'Lost', closed_type: reason.id, closed_description: 'Caro' },
    });
    return card;
  }

  it('OPP-107 OPP-109 OPP-110 to the open stage chosen, at the top, closing data cleared, logged', async () => {
    const card = await lostCard();
    const negotiation = await w.stage(w.centro, 'Negotiation');
    const res = await act('admin', card.id, 'reopen', { sales_stage_id: negotiation.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state_type: 'Open',
      sales_stage_id: negotiation.id,
      closed_type: null,
      closed_description: null,
      closed_at: null,
    });
    const column = await w.call(
      'admin',
      'GET',
      w.centro,
      `opportunities?sales_stage_id=${negotiation.id}&limit=1`,
    );
    expect(column.json().data[0].id).toBe(card.id);
    const [entry] = await w.history(w.centro, card.id);
    expect(entry).toMatchObject({
      type: 'OpportunityReopened',
      data: { from_name: 'Perdido', to_name: 'Negociação' },
    });
  });

  it('OPP-108 OPP-110 with no stage chosen, back to the stage it was closed from; if that is gone, the last open stage', async () => {
    const card = await lostCard();
    const progress = await w.stage(w.centro, 'InProgress');
    expect((await act('admin', card.id, 'reopen', {})).json().sales_stage_id).toBe(progress.id);
    const other = await lostCard();
    await w.t.database.db.execute(sql`update opportunities set open_stage_id = null where id = ${other.id}`);
    const last = (await w.stages(w.centro)).filter((s) => !['Won', 'Lost'].includes(s.type)).at(-1);
    expect((await act('admin', other.id, 'reopen', {})).json()).toMatchObject({
      state_type: 'Open',
      sales_stage_id: last?.id,
    });
  });

  it('an open card cannot be reopened; the stage must be an open one of this workspace', async () => {
    const card = await lostCard();
    const won = await w.stage(w.centro, 'Won');
    expect((await act('admin', card.id, 'reopen', { sales_stage_id: won.id })).json()).toEqual(
      refused('sales_stage_id', MESSAGES.openStageRequired),
    );
    const north = await w.stage(w.zonaNorte, 'First');
    expect((await act('admin', card.id, 'reopen', { sales_stage_id: north.id })).statusCode).toBe(404);
    expect((await w.card(w.centro, card.id)).state_type).toBe('Lost');
    await act('admin', card.id, 'reopen', {});
    expect((await act('admin', card.id, 'reopen', {})).json()).toEqual(plain(MESSAGES.opportunityNotClosed));
  });
});

describe('PUT /opportunities/:id/recreate', () => {
  async function closedCard(state: 'Won' | 'Lost', extra: Record<string, unknown> = {}) {
    const card =
      state === 'Won' ? await readyCard({ ...(await wonFields()), ...extra }) : await readyCard(extra);
    const reason = await lostReason();
    const data = state === 'Won' ? { state_type: 'Won' } : { state_type: 'Lost', closed_type: reason.id };
    expect((await act('admin', card.id, 'close', { data })).statusCode).toBe(200);
    return card;
  }
  async function wonFields() {
    const product = await w.item(w.centro, 'products', 'Curso de Inglês');
    return { product_id: product.id, price: 389.9 };
  }
  const recreate = (who: Person, id: number, workspaceId = w.centro) =>
    act(who, id, 'recreate', {}, workspaceId);

  it('PLAT-004 a lost card starts a new open cycle at the top of the first stage: closing data and response time cleared, recreated_at now, logged and published', async () => {
    const card = await closedCard('Lost');
    await w.t.database.db.execute(sql`update opportunities set tma = 120 where id = ${card.id}`);
    const published: { type: string; data: Record<string, unknown> }[] = [];
    const recreated: number[] = [];
    w.t.app.deps.events.subscribe(async (_tx, event) => void published.push(event));
    w.t.app.deps.events.on('card.recreated', async (_tx, { card: ref }) => void recreated.push(ref.id));
    const before = Date.now();
    const res = await recreate('gerente', card.id);
    expect(res.statusCode, res.body).toBe(200);
    const first = await w.stage(w.centro, 'First');
    expect(res.json()).toMatchObject({
      state_type: 'Open',
      sales_stage_id: first.id,
      closed_type: null,
      closed_description: null,
      closed_at: null,
      tma: null,
    });
    const recreatedAt = Date.parse(res.json().recreated_at);
    expect(recreatedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(recreatedAt).toBeGreaterThan(Date.parse(res.json().created_at));
    const column = await w.call('admin', 'GET', w.centro, `opportunities?sales_stage_id=${first.id}&limit=1`);
    expect(column.json().data[0]).toMatchObject({
      id: card.id,
      recreated_at: res.json().recreated_at,
      tma: null,
    });
    const [entry] = await w.history(w.centro, card.id);
    expect(entry).toMatchObject({
      type: 'OpportunityRecreated',
      data: { from_name: 'Perdido', to_name: 'Novo lead' },
    });
    expect(recreated).toEqual([card.id]);
    expect(published.filter((e) => e.data.opportunity_id === card.id)).toEqual([
      expect.objectContaining({
        type: 'opportunity.updated',
        data: expect.objectContaining({
          changes: [expect.objectContaining({ type: 'OpportunityRecreated' })],
        }),
      }),
    ]);
  });

  it('PLAT-004 a won card is recreated too; an open card is not (400)', async () => {
    const card = await closedCard('Won');
    expect((await recreate('admin', card.id)).json()).toMatchObject({ state_type: 'Open', closed_at: null });
    expect((await recreate('admin', card.id)).json()).toEqual(plain(MESSAGES.opportunityNotClosed));
  });

  it('PLAT-004 a salesRep may not recreate (403), even their own card; the card stays closed', async () => {
    const card = await closedCard('Lost', { user_id: w.user.atendente });
    const res = await recreate('atendente', card.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, message: MESSAGES.forbidden });
    expect((await w.card(w.centro, card.id)).state_type).toBe('Lost');
  });

  it('PLAT-004 a card of another workspace or platform answers 404 and stays closed', async () => {
    const card = await closedCard('Lost');
    for (const [who, workspaceId] of [
      ['admin', w.zonaNorte],
      ['carla', w.zonaNorte],
      ['carla', w.centro],
      ['rh', w.recrutamento],
    ] as const) {
      const res = await recreate(who, card.id, workspaceId);
      expect(res.statusCode, `${who} in ${workspaceId}`).toBe(404);
      expect(res.body).not.toContain('"state_type"');
    }
    expect((await w.card(w.centro, card.id)).state_type).toBe('Lost');
  });
});

describe('a workspace missing stages', () => {
  it('OPP-105 OPP-111 no Won stage answers the completion message; no open stage, the opening message', async () => {
    const created = await w.t.call({
      method: 'POST',
      url: '/api/v1/users/self/workspaces',
      token: await w.t.login('admin@demo.local'),
      payload: { name: 'Escola Sem Etapas' },
    });
    const workspaceId = created.json().id as number;
    // A new workspace starts with the default stages: this one loses them.
    await w.t.database.db.execute(sql`delete from sales_stages where workspace_id = ${workspaceId}`);
    const media = await w.call('admin', 'POST', workspaceId, 'medias', { name: 'Panfleto', type: 'Offline' });
    const payload = {
      source_type: 'Offline',
      media_id: media.json().id,
      contact: { name: 'Sem Etapa', phone_number: w.phone() },
    };
    expect((await w.call('admin', 'POST', workspaceId, 'opportunities', payload)).json()).toEqual(
      plain(MESSAGES.openingStageMissing),
    );
    const [first] = await w.addStages(workspaceId, [
      { name: 'Entrada', type: 'First' },
      { name: 'Perdido', type: 'Lost' },
    ]);
    const card = (await w.call('admin', 'POST', workspaceId, 'opportunities', payload)).json();
    await w.addTask(workspaceId, card.id);
    const product = await w.call('admin', 'POST', workspaceId, 'products', { name: 'Curso', price: 10 });
    await w.call('admin', 'PUT', workspaceId, `opportunities/${card.id}`, {
      product_id: product.json().id,
      price: 10,
    });
    expect(
      (await act('admin', card.id, 'close', { data: { state_type: 'Won' } }, workspaceId)).json(),
    ).toEqual(plain(MESSAGES.completionStageMissing));
    const reason = await w.call('admin', 'POST', workspaceId, 'objections', { name: 'Preço' });
    const closed = await act(
      'admin',
      card.id,
      'close',
      { data: { state_type: 'Lost', closed_type: reason.json().id } },
      workspaceId,
    );
    expect(closed.statusCode).toBe(200);
    await w.t.database.db.execute(sql`delete from sales_stages where id = ${first?.id}`);
    expect((await act('admin', card.id, 'reopen', {}, workspaceId)).json()).toEqual(
      plain(MESSAGES.openingStageMissing),
    );
  });
});
