import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';

let w: World;
let northStage: number;
let sul: number;
beforeAll(async () => {
  w = await cardsWorld();
  northStage = (await w.stage(w.zonaNorte, 'InProgress')).id;
  // A third workspace where only the admin works.
  const created = await w.t.call({
    method: 'POST',
    url: '/api/v1/users/self/workspaces',
    token: await w.t.login('admin@demo.local'),
    payload: { name: 'Escola Sul' },
  });
  sul = created.json().id;
  await w.addStages(sul, [
    { name: 'Entrada', type: 'First' },
    { name: 'Contato', type: 'InProgress' },
    { name: 'Ganho', type: 'Won' },
  ]);
});
afterAll(() => w.t.close());

const transfer = (who: Person, id: number, payload: object) =>
  w.call(who, 'PUT', w.centro, `opportunities/${id}/transfer`, payload);
const toNorth = (extra: Record<string, unknown> = {}) => ({
  workspace_id: w.zonaNorte,
  sales_stage_id: northStage,
  ...extra,
});
const refused = (field: string, description: string) => ({
  status: 400,
  message: description,
  errors: [{ field, description }],
});
const stillInCentro = async (card: Card) =>
  expect(await w.card(w.centro, card.id)).toMatchObject({
    workspace_id: w.centro,
    sales_stage_id: card.sales_stage_id,
  });

describe('PUT /opportunities/:id/transfer', () => {
  it('OPP-117 the card, its tasks, history and contact go to the target; list items swap for the same names', async () => {
    const product = await w.item(w.centro, 'products', 'Curso de Inglês');
    const campaign = await w.item(w.centro, 'campaigns', 'Volta às Aulas');
    const media = await w.item(w.centro, 'medias', 'Google Ads');
    const tag = await w.item(w.centro, 'tags', 'Bolsa');
    const type = await w.item(w.centro, 'opportunity-types', 'Rematrícula');
    const card = await w.create('admin', w.centro, {
      product_id: product.id,
      price: 389.9,
      campaign_id: campaign.id,
      media_id: media.id,
      tags: [tag.id],
      opportunity_type_id: type.id,
      user_id: w.user.atendente,
      contact: { name: 'Família Prado', phone_number: w.phone(), city_name: 'Recife' },
    });
    await w.addTask(w.centro, card.id);
    const res = await transfer('admin', card.id, {
      workspace_id: w.zonaNorte,
      user_id: null,
      opportunity_id: card.id,
      sales_stage_id: northStage,
      keep_user_id: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json();
    expect(moved).toMatchObject({
      id: card.id,
      workspace: { id: w.zonaNorte, name: 'Escola Zona Norte' },
      sales_stage_id: northStage,
      user_id: w.user.atendente,
      product: { id: (await w.item(w.zonaNorte, 'products', 'Curso de Inglês')).id, name: 'Curso de Inglês' },
      price: 389.9,
      campaign: { id: (await w.item(w.zonaNorte, 'campaigns', 'Volta às Aulas')).id },
      media: { id: (await w.item(w.zonaNorte, 'medias', 'Google Ads')).id },
      tags: [(await w.item(w.zonaNorte, 'tags', 'Bolsa')).id],
      opportunity_type_id: (await w.item(w.zonaNorte, 'opportunity-types', 'Rematrícula')).id,
      task: { count: 1 },
      contact: { name: 'Família Prado', city_name: 'Recife', workspace_id: w.zonaNorte },
    });
    expect(moved.contact.id).not.toBe(card.contact_id);
    expect((await w.call('admin', 'GET', w.centro, `opportunities/${card.id}`)).statusCode).toBe(404);
    // The source keeps its contact; the card's history moved along.
    expect((await w.call('admin', 'GET', w.centro, `contacts/${card.contact_id}`)).statusCode).toBe(200);
    const entries = await w.history(w.zonaNorte, card.id);
    expect(entries.map((e) => [e.type, e.data])).toEqual([
      ['OpportunityTransferred', { from_name: 'Escola Centro', to_name: 'Escola Zona Norte' }],
      ['OpportunityProductCreated', { from_name: null, to_name: 'Curso de Inglês' }],
      ['OpportunityPriceCreated', { from_price: null, to_price: 389.9 }],
      ['OpportunityCreated', { sales_stage_name: 'Novo lead' }],
    ]);
    const contactLogs = await w.call('admin', 'GET', w.zonaNorte, `contacts/${moved.contact.id}/logs`);
    expect(contactLogs.json().pagination.total_count).toBe(4);
    const tasks = await w.call('admin', 'GET', w.zonaNorte, `opportunities/${card.id}`);
    expect(tasks.json().task.count).toBe(1);
  });

  it("the target's contact with the same phone is reused; items without a namesake there are cleared", async () => {
    const phone = w.phone();
    const there = await w.create('admin', w.zonaNorte, {
      contact: { name: 'Gil Norte', phone_number: phone },
    });
    const only = await w.call('admin', 'POST', w.centro, 'products', {
      name: 'Pacote Exclusivo Centro',
      price: 99,
    });
    const card = await w.create('admin', w.centro, {
      contact: { name: 'Gil Centro', phone_number: phone },
      product_id: only.json().id,
      price: 99,
    });
    const moved = (await transfer('admin', card.id, toNorth())).json();
    expect(moved.contact_id).toBe(there.contact_id);
    expect(moved).toMatchObject({ product: null, product_id: null, price: 99 });
  });

  it('OPP-113 OPP-114 a workspace and an open stage of the target are required', async () => {
    const card = await w.create('admin', w.centro);
    const noWorkspace = await transfer('admin', card.id, { sales_stage_id: northStage });
    expect(noWorkspace.statusCode).toBe(400);
    expect(noWorkspace.json().errors[0].field).toBe('workspace_id');
    expect((await transfer('admin', card.id, { workspace_id: w.zonaNorte })).json()).toEqual(
      refused('sales_stage_id', MESSAGES.stageRequired),
    );
    const centroStage = await w.stage(w.centro, 'InProgress');
    const northWon = await w.stage(w.zonaNorte, 'Won');
    for (const stage of [centroStage.id, northWon.id]) {
      expect((await transfer('admin', card.id, toNorth({ sales_stage_id: stage }))).statusCode).toBe(404);
    }
    await stillInCentro(card);
  });

  it('OPP-115 distribution SpecificUser needs a person, a member of the target', async () => {
    const card = await w.create('admin', w.centro);
    expect((await transfer('admin', card.id, toNorth({ distribution: 'SpecificUser' }))).json()).toEqual(
      refused('user_id', MESSAGES.responsibleRequired),
    );
    for (const userId of [w.user.bruno, w.user.rh]) {
      const res = await transfer(
        'admin',
        card.id,
        toNorth({ distribution: 'SpecificUser', user_id: userId }),
      );
      expect(res.statusCode).toBe(404);
    }
    await stillInCentro(card);
    const res = await transfer(
      'admin',
      card.id,
      toNorth({ distribution: 'SpecificUser', user_id: w.user.carla }),
    );
    expect(res.json().user).toEqual({ id: w.user.carla, name: 'Carla Campos' });
  });

  it("OPP-116 by default the target's Working sales reps take turns; someone away is skipped", async () => {
    const turns: number[] = [];
    for (let i = 0; i < 4; i++) {
      const card = await w.create('admin', w.centro, { user_id: w.user.bruno });
      turns.push((await transfer('admin', card.id, toNorth({ keep_user_id: true }))).json().user_id);
    }
    expect(turns.filter((u) => u === w.user.atendente)).toHaveLength(2);
    expect(turns.filter((u) => u === w.user.carla)).toHaveLength(2);
    expect(turns[0]).not.toBe(turns[1]);
    const away = await w.call('admin', 'PUT', w.zonaNorte, `users/${w.user.carla}`, {
      operational_status: 'Vacation',
    });
    expect(away.statusCode).toBe(200);
    try {
      for (let i = 0; i < 2; i++) {
        const card = await w.create('admin', w.centro);
        expect((await transfer('admin', card.id, toNorth())).json().user_id).toBe(w.user.atendente);
      }
    } finally {
      await w.call('admin', 'PUT', w.zonaNorte, `users/${w.user.carla}`, { operational_status: 'Working' });
    }
  });

  it('with nobody to take turns in the target, the card goes to whoever transferred it', async () => {
    const card = await w.create('gerente', w.centro, { user_id: w.user.bruno });
    const contato = (await w.stages(sul)).find((s) => s.type === 'InProgress');
    const res = await transfer('admin', card.id, { workspace_id: sul, sales_stage_id: contato?.id });
    expect(res.json()).toMatchObject({ user_id: w.user.admin, workspace: { id: sul, name: 'Escola Sul' } });
  });

  it('OPP-118 OPP-119 a closed card is refused with the exact server message', async () => {
    const card = await w.create('admin', w.centro);
    await w.addTask(w.centro, card.id);
    const reason = await w.item(w.centro, 'objections', 'Preço');
    await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/close`, {
      data: { state_type: 'Lost', closed_type: reason.id },
    });
    const res = await transfer('admin', card.id, toNorth());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'This Opportunity is already closed.' });
  });

  it('a salesRep may not transfer (403); the same workspace answers 400; another id in the body 400', async () => {
    const card = await w.create('atendente', w.centro);
    const rep = await transfer('atendente', card.id, toNorth());
    expect(rep.statusCode).toBe(403);
    expect((await transfer('admin', card.id, toNorth({ workspace_id: w.centro }))).json()).toEqual(
      refused('workspace_id', MESSAGES.sameWorkspaceTransfer),
    );
    expect((await transfer('admin', card.id, toNorth({ opportunity_id: card.id + 1 }))).json()).toEqual(
      refused('opportunity_id', MESSAGES.idMismatch),
    );
    await stillInCentro(card);
  });

  it('PLAT-241 a workspace of another platform, or one the caller is not a member of, answers 404 and moves nothing', async () => {
    const card = await w.create('gerente', w.centro);
    await w.addTask(w.centro, card.id);
    const rhStage = await w.stage(w.recrutamento, 'InProgress');
    const sulStage = (await w.stages(sul)).find((s) => s.type === 'InProgress');
    const cases: [Person, Record<string, unknown>][] = [
      ['admin', { workspace_id: w.recrutamento, sales_stage_id: rhStage.id }],
      ['gerente', { workspace_id: sul, sales_stage_id: sulStage?.id }],
      ['admin', { workspace_id: 2147483647, sales_stage_id: northStage }],
    ];
    for (const [who, body] of cases) {
      const res = await transfer(who, card.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: MESSAGES.notFound });
    }
    await stillInCentro(card);
    expect((await w.card(w.centro, card.id)).task).toEqual({ count: 1 });
    expect(await w.history(w.centro, card.id)).toHaveLength(1);
    const north = await w.create('admin', w.zonaNorte);
    expect((await transfer('admin', north.id, toNorth({ workspace_id: sul }))).statusCode).toBe(404);
  });
});

describe('POST /opportunities/batch-transfer', () => {
  const batch = (who: Person, payload: object) =>
    w.call(who, 'POST', w.centro, 'opportunities/batch-transfer', payload);

  it('PLAT-242 moves every card in one go and answers how many', async () => {
    const cards = await Promise.all([1, 2, 3].map(() => w.create('admin', w.centro)));
    const res = await batch('admin', toNorth({ opportunity_ids: cards.map((c) => c.id) }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ transferred: 3 });
    for (const card of cards) {
      expect((await w.card(w.zonaNorte, card.id)).workspace_id).toBe(w.zonaNorte);
      expect((await w.history(w.zonaNorte, card.id))[0]?.type).toBe('OpportunityTransferred');
    }
  });

  it('any card of another workspace answers 404, any closed card 400 naming it: nothing moves', async () => {
    const open = await w.create('admin', w.centro);
    const north = await w.create('admin', w.zonaNorte);
    const foreign = await batch('admin', toNorth({ opportunity_ids: [open.id, north.id] }));
    expect(foreign.statusCode).toBe(404);
    const closed = await w.create('admin', w.centro);
    await w.addTask(w.centro, closed.id);
    const reason = await w.item(w.centro, 'objections', 'Preço');
    await w.call('admin', 'PUT', w.centro, `opportunities/${closed.id}/close`, {
      data: { state_type: 'Lost', closed_type: reason.id },
    });
    const res = await batch('admin', toNorth({ opportunity_ids: [open.id, closed.id] }));
    const message = MESSAGES.closedOpportunitiesNotTransferable(`#${closed.id}`);
    expect(res.json()).toEqual({
      status: 400,
      message,
      errors: [{ field: 'opportunity_ids', description: message }],
    });
    await stillInCentro(open);
    expect((await batch('atendente', toNorth({ opportunity_ids: [open.id] }))).statusCode).toBe(403);
    expect((await batch('admin', toNorth({ opportunity_ids: [] }))).statusCode).toBe(400);
  });
});
