import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardsWorld, type World } from '../../../test/factories/cards.ts';

let w: World;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w.t.close());

const NOT_FOUND = { status: 404, message: MESSAGES.notFound };

async function page(who: Parameters<World['call']>[0], query: string, workspaceId = w.centro) {
  const res = await w.call(who, 'GET', workspaceId, `opportunities?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Card[]; pagination: { total_count: number; limit: number; offset: number } };
}
const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

describe('GET /opportunities', () => {
  it('PLAT-239 PLAT-079 a page of cards with responsible, contact and product names; 50 a page by default', async () => {
    const res = await page('admin', '');
    expect(res.pagination).toEqual({ total_count: 36, limit: 50, offset: 0 });
    const withProduct = res.data.find((c) => c.product_id !== null);
    expect(withProduct?.product).toEqual({ id: withProduct?.product_id, name: expect.any(String) });
    const card = res.data[0] as Card;
    expect(Object.keys(card).sort()).toEqual(
      [
        'campaign_id',
        'closed_at',
        'contact',
        'contact_id',
        'created_at',
        'display_order',
        'has_open_room',
        'id',
        'media_id',
        'name',
        'opportunity_type_id',
        'price',
        'probability',
        'product',
        'product_id',
        'recreated_at',
        'sales_stage_id',
        'source_type',
        'state_type',
        'tags',
        'tma',
        'updated_at',
        'user',
        'user_id',
        'workspace_id',
      ].sort(),
    );
    expect(card.user).toEqual({ id: card.user_id, name: expect.any(String) });
    expect(card.contact).toEqual({
      id: card.contact_id,
      name: expect.any(String),
      phone_number: expect.any(String),
    });
    // The demo seeds a few conversations; the rest of its cards have no room.
    const rooms = res.data.filter((c) => c.has_open_room).length;
    expect(rooms).toBeGreaterThan(0);
    expect(rooms).toBeLessThan(res.data.length);
  });

  it('sorts the board by display order, highest first, ties by id; other fields ascend, or descend with -', async () => {
    const stage = await w.stage(w.centro, 'First');
    const older = await w.create('admin', w.centro);
    const newer = await w.create('admin', w.centro);
    const board = await page('admin', `sales_stage_id=${stage.id}`);
    expect(ids(board.data).slice(0, 2)).toEqual([newer.id, older.id]);
    const orders = board.data.map((c) => c.display_order);
    expect(orders).toEqual([...orders].sort((x, y) => y - x));
    const reversed = await page('admin', `sales_stage_id=${stage.id}&sort=-display_order`);
    expect(ids(reversed.data).slice(-2)).toEqual([older.id, newer.id]);
    const byPrice = await page('admin', 'sort=-price&limit=5');
    const prices = byPrice.data.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
    const byName = await page('admin', 'sort=name&limit=500');
    const names = byName.data.map((c) => c.name);
    expect(names.at(0) === names.at(-1)).toBe(false);
    expect((names.at(0) ?? '') < (names.at(-1) ?? '')).toBe(true);
    expect((await w.call('admin', 'GET', w.centro, 'opportunities?sort=contact')).statusCode).toBe(400);
  });

  it('OPP-205 limit and offset page the list; limit is at most 500', async () => {
    const first = await page('admin', 'limit=15');
    const second = await page('admin', 'limit=15&offset=15');
    expect(first.data).toHaveLength(15);
    expect(ids(first.data).filter((id) => ids(second.data).includes(id))).toEqual([]);
    expect((await w.call('admin', 'GET', w.centro, 'opportunities?limit=501')).statusCode).toBe(400);
  });

  it('OPP-204 a salesRep only ever gets their own cards, whatever user_id they send', async () => {
    const own = await page('atendente', 'limit=500');
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((c) => c.user_id === w.user.atendente)).toBe(true);
    const asked = await page('atendente', `user_id=${w.user.bruno}&limit=500`);
    expect(ids(asked.data)).toEqual(ids(own.data));
    const all = await page('admin', `user_id=${w.user.atendente}&limit=500`);
    expect(all.pagination.total_count).toBe(own.pagination.total_count);
  });

  it('OPP-204 lists of one filter shape share a prepared statement, and each request gets its own values', async () => {
    // The same shape for two salesReps, two workspaces of two tenants, two stages and two cities (a value that is
    // part of the shape): each answer must be that request's own cards.
    const query = 'sort=display_order&limit=500';
    const alice = await page('atendente', query);
    const bruno = await page('bruno', query);
    expect(alice.data.every((c) => c.user_id === w.user.atendente)).toBe(true);
    expect(bruno.data.every((c) => c.user_id === w.user.bruno)).toBe(true);
    expect(ids(bruno.data)).not.toEqual(ids(alice.data));
    const rh = await page('rh', query, w.recrutamento);
    expect(rh.data.length).toBeGreaterThan(0);
    expect(rh.data.every((c) => c.workspace_id === w.recrutamento)).toBe(true);
    const [first, second] = await w.stages(w.centro);
    for (const stage of [first, second, first]) {
      const res = await page('admin', `sales_stage_id=${stage?.id}&${query}`);
      expect(res.data.every((c) => c.sales_stage_id === stage?.id)).toBe(true);
    }
    for (const city of ['Joinville', 'Blumenau']) {
      const card = await w.create('admin', w.centro, {
        contact: { name: `Contato de ${city}`, phone_number: w.phone(), city_name: city },
      });
      expect(ids((await page('admin', `city_name=${city}&${query}`)).data)).toEqual([card.id]);
    }
  });

  it('PLAT-100 filters by stage, state, responsible, product, campaign, media, source, type, probability and tags', async () => {
    const stage = await w.stage(w.centro, 'PreSale');
    const product = await w.item(w.centro, 'products', 'Reforço Escolar');
    const campaign = await w.item(w.centro, 'campaigns', 'Volta às Aulas');
    const media = await w.item(w.centro, 'medias', 'Google Ads');
    const tag = await w.item(w.centro, 'tags', 'Irmãos');
    const type = await w.item(w.centro, 'opportunity-types', 'Rematrícula');
    const card = await w.create('admin', w.centro, {
      sales_stage_id: stage.id,
      user_id: w.user.bruno,
      product_id: product.id,
      price: 250,
      campaign_id: campaign.id,
      media_id: media.id,
      source_type: 'VisitaEscola',
      opportunity_type_id: type.id,
      probability: 80,
      tags: [tag.id],
    });
    const filters = [
      `sales_stage_id=${stage.id}`,
      'state_type=Open',
      `user_id=${w.user.bruno}`,
      `product_id=${product.id}`,
      `campaign_id=${campaign.id}`,
      `media_id=${media.id}`,
      'source_type=VisitaEscola',
      `opportunity_type_id=${type.id}`,
      'probability=80',
      `tags=${tag.id}`,
      'has_product=true',
      'has_campaign=true',
      'has_user=true',
    ];
    const all = await page('admin', `${filters.join('&')}&limit=500`);
    expect(ids(all.data)).toContain(card.id);
    for (const filter of filters) {
      const res = await page('admin', `${filter}&limit=500`);
      expect(ids(res.data), filter).toContain(card.id);
    }
    for (const filter of ['state_type=Won', 'probability=20', 'has_product=false', 'has_campaign=false']) {
      expect(ids((await page('admin', `${filter}&limit=500`)).data), filter).not.toContain(card.id);
    }
    // Lists: any of the values.
    const either = await page('admin', `probability=20,80&limit=500`);
    expect(either.data.every((c) => [20, 80].includes(c.probability as number))).toBe(true);
    expect(ids(either.data)).toContain(card.id);
  });

  it('PLAT-100 filters by the contact: city, state, blacklist, and by cards nobody answered yet', async () => {
    const card = await w.create('admin', w.centro, {
      contact: {
        name: 'Contato em Itajaí',
        phone_number: w.phone(),
        city_name: 'Itajaí',
        state_code: 'SC',
        is_blacklisted: true,
      },
    });
    expect(ids((await page('admin', 'city_name=itajai&limit=500')).data)).toEqual([card.id]);
    expect(ids((await page('admin', 'state_code=SC&is_blacklisted=true&limit=500')).data)).toEqual([card.id]);
    expect(ids((await page('admin', 'is_blacklisted=false&limit=500')).data)).not.toContain(card.id);
    expect(ids((await page('admin', 'has_city_name=true&limit=500')).data)).toContain(card.id);
    expect(ids((await page('admin', 'no_interaction=true&limit=500')).data)).toContain(card.id);
    const answered = (await page('admin', 'no_interaction=false&limit=500')).data;
    expect(ids(answered)).not.toContain(card.id);
    expect(answered.every((c) => c.tma !== null)).toBe(true);
    expect(ids((await page('admin', 'idle_only=true&limit=500')).data)).not.toContain(card.id);
  });

  it('PLAT-101 PLAT-126 dates: updated_at by default, or created_at/closed_at; a YYYY-MM-DD end is the whole day in Brasília', async () => {
    const card = await w.create('admin', w.centro);
    // 02:30 UTC on 10 March is 23:30 of 9 March in Brasília.
    await w.t.database.db.execute(
      sql`update opportunities set created_at = '2025-03-10T02:30:00Z', updated_at = '2025-06-01T12:00:00Z' where id = ${card.id}`,
    );
    const found = async (query: string) =>
      ids((await page('admin', `${query}&limit=500`)).data).includes(card.id);
    expect(
      await found('timestamp_attribute=created_at&start_timestamp=2025-03-09&end_timestamp=2025-03-09'),
    ).toBe(true);
    expect(
      await found('timestamp_attribute=created_at&start_timestamp=2025-03-10&end_timestamp=2025-03-10'),
    ).toBe(false);
    expect(await found('start_timestamp=2025-06-01&end_timestamp=2025-06-01')).toBe(true);
    expect(await found('start_timestamp=2025-03-09&end_timestamp=2025-03-09')).toBe(false);
    expect(await found('start_timestamp=2025-06-01T11:59:59Z&end_timestamp=2025-06-01T12:00:00Z')).toBe(true);
    expect(await found('timestamp_attribute=closed_at&start_timestamp=2025-01-01')).toBe(false);
    expect((await w.call('admin', 'GET', w.centro, 'opportunities?start_timestamp=ontem')).statusCode).toBe(
      400,
    );
    expect(
      (await w.call('admin', 'GET', w.centro, 'opportunities?timestamp_attribute=voip')).statusCode,
    ).toBe(400);
  });

  it('OPP-205 search: card or contact name without case or accents, phone digits, e-mail or #id', async () => {
    const phone = w.phone();
    const card = await w.create('admin', w.centro, {
      name: 'Matrícula do Joãozinho',
      contact: { name: 'José Conceição', phone_number: phone, email: 'jose.c@exemplo.com.br' },
    });
    const search = async (term: string) =>
      ids((await page('admin', `search=${encodeURIComponent(term)}&limit=500`)).data);
    for (const term of [
      'jose conceicao',
      'JOSÉ',
      'joaozinho',
      'MATRICULA DO',
      phone.slice(2, 9),
      'jose.c@exemplo',
      `#${card.id}`,
    ]) {
      expect(await search(term), term).toContain(card.id);
    }
    expect(await search(`(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`)).toEqual([card.id]);
    expect(await search(String(card.id))).toContain(card.id);
    expect(await search('%')).toEqual([]);
  });

  it('PLAT-243 the filters are checked: unknown ones and bad values answer 400', async () => {
    for (const bad of [
      'color=red',
      'state_type=Closed',
      'source_type=Fax',
      'probability=120',
      'user_id=abc',
    ]) {
      const res = await w.call('admin', 'GET', w.centro, `opportunities?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('GET /opportunities/summary', () => {
  it('count and price total per stage under the same filters as the list', async () => {
    const res = await w.call('admin', 'GET', w.centro, 'opportunities/summary?state_type=Open');
    expect(res.statusCode).toBe(200);
    const stages = await w.stages(w.centro);
    for (const row of res.json().data as { sales_stage_id: number; count: number; total_price: number }[]) {
      const cards = await page('admin', `state_type=Open&sales_stage_id=${row.sales_stage_id}&limit=500`);
      expect(row.count).toBe(cards.pagination.total_count);
      const total = cards.data.reduce((sum, c) => sum + c.price, 0);
      expect(row.total_price).toBeCloseTo(total, 2);
      expect(stages.find((s) => s.id === row.sales_stage_id)?.type).not.toMatch(/Won|Lost/);
    }
  });

  it('OPP-204 a salesRep sums their own cards only', async () => {
    const mine = (await w.call('atendente', 'GET', w.centro, 'opportunities/summary')).json().data as {
      count: number;
    }[];
    const count = mine.reduce((n, r) => n + r.count, 0);
    expect(count).toBe((await page('admin', `user_id=${w.user.atendente}`)).pagination.total_count);
  });
});

describe('GET /opportunities/:id', () => {
  it('OPP-237 OPP-138 OPP-241 the card in full: contact, product {id,name,price}, media, campaign, stage, workspace, task count; no rooms nor contract yet', async () => {
    const product = await w.item(w.centro, 'products', 'Curso de Inglês');
    const campaign = await w.item(w.centro, 'campaigns', 'Matrículas 2027');
    const created = await w.create('admin', w.centro, {
      product_id: product.id,
      price: 389.9,
      campaign_id: campaign.id,
      campaign_url: 'escola.com.br/matriculas',
    });
    await w.addTask(w.centro, created.id);
    const card = await w.card(w.centro, created.id);
    expect(card).toMatchObject({
      id: created.id,
      state_type: 'Open',
      workspace: { id: w.centro, name: 'Escola Centro' },
      sales_stage: { name: 'Novo lead', type: 'First', color: '228be6' },
      product: { id: product.id, name: 'Curso de Inglês', price: 389.9 },
      media: { id: created.media_id, name: 'Instagram' },
      campaign: { id: campaign.id, name: 'Matrículas 2027' },
      campaign_url: 'escola.com.br/matriculas',
      task: { count: 1 },
      dialogs: [],
      contract: null,
      closed_type: null,
    });
    expect(card.contact).toMatchObject({
      id: created.contact_id,
      name: 'Contato de Teste',
      country_code: '55',
    });
  });

  it('OPP-041 a card of another workspace, of another tenant or unknown answers 404', async () => {
    const north = await w.create('admin', w.zonaNorte);
    for (const id of [north.id, 2147483647]) {
      const res = await w.call('admin', 'GET', w.centro, `opportunities/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await w.call('admin', 'GET', w.centro, 'opportunities/abc')).statusCode).toBe(400);
  });

  it("OPP-204 a salesRep cannot open another rep's card (404), but opens their own", async () => {
    const bruno = await w.create('admin', w.centro, { user_id: w.user.bruno });
    expect((await w.call('atendente', 'GET', w.centro, `opportunities/${bruno.id}`)).statusCode).toBe(404);
    expect((await w.call('bruno', 'GET', w.centro, `opportunities/${bruno.id}`)).statusCode).toBe(200);
  });
});

describe('GET /opportunities/history', () => {
  it('PLAT-243 OPP-221 entries of a card, newest first: type, created_at YYYY-MM-DD HH:mm, data, user, opportunity', async () => {
    const card = await w.create('atendente', w.centro, { price: 120 });
    const res = await w.call('admin', 'GET', w.centro, `opportunities/history?opportunity_id=${card.id}`);
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json();
    expect(pagination).toEqual({ total_count: 2, limit: 100, offset: 0 });
    expect(data.map((e: { type: string }) => e.type)).toEqual([
      'OpportunityPriceCreated',
      'OpportunityCreated',
    ]);
    expect(data[0]).toMatchObject({
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      data: { from_price: null, to_price: 120 },
      user: { id: w.user.atendente, name: 'Alice Atendente' },
      opportunity: { id: card.id, name: 'Contato de Teste' },
    });
  });

  it("OPP-204 a salesRep asking about another rep's card, or another member's history, gets 404", async () => {
    const bruno = await w.create('admin', w.centro, { user_id: w.user.bruno });
    const asRep = (query: string) => w.call('atendente', 'GET', w.centro, `opportunities/history?${query}`);
    expect((await asRep(`opportunity_id=${bruno.id}`)).statusCode).toBe(404);
    expect((await asRep(`user_id=${w.user.bruno}`)).statusCode).toBe(404);
    expect((await asRep(`user_id=${w.user.atendente}`)).statusCode).toBe(200);
    // With no subject, a salesRep reads what they did.
    const own = (await asRep('limit=500')).json().data as { user: { id: number } }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.user.id === w.user.atendente)).toBe(true);
    expect(
      (await w.call('gerente', 'GET', w.centro, `opportunities/history?user_id=${w.user.bruno}`)).statusCode,
    ).toBe(200);
  });

  it('a card or contact of another workspace answers 404', async () => {
    const north = await w.create('admin', w.zonaNorte);
    for (const query of [
      `opportunity_id=${north.id}`,
      `contact_id=${north.contact_id}`,
      `user_id=${w.user.carla}`,
    ]) {
      const res = await w.call('admin', 'GET', w.centro, `opportunities/history?${query}`);
      expect(res.statusCode, query).toBe(404);
    }
  });
});

describe('the demo pipeline', () => {
  it('cards carry products (won ones with their price), medias, campaigns, tags, lost reasons, tasks and history', async () => {
    const cards = (await page('admin', 'limit=500&sort=created_at')).data.filter(
      (c) => c.name !== 'Contato de Teste',
    );
    const demo = await Promise.all(cards.slice(0, 36).map((c) => w.card(w.centro, c.id)));
    const won = demo.filter((c) => c.state_type === 'Won');
    const lost = demo.filter((c) => c.state_type === 'Lost');
    expect(won.length).toBeGreaterThan(0);
    expect(won.every((c) => c.product !== null && c.price > 0)).toBe(true);
    expect(lost.every((c) => c.closed_type !== null && c.closed_at !== null)).toBe(true);
    expect(demo.every((c) => c.media !== null)).toBe(true);
    expect(demo.some((c) => c.campaign !== null)).toBe(true);
    expect(demo.some((c) => (c.tags as number[]).length > 0)).toBe(true);
    expect(demo.every((c) => (c.tags as number[]).length <= 5)).toBe(true);
    expect(demo.some((c) => (c.contact as { document: string | null }).document !== null)).toBe(true);
    const withTasks = demo.filter((c) => (c.task as { count: number }).count > 0);
    expect(withTasks.length).toBeGreaterThan(demo.length / 2);
    // Its history, newest first: from its creation and first answer to its close.
    const history = (await w.history(w.centro, won[0]?.id as number)).map((e) => e.type);
    expect(history[0]).toBe('OpportunityClosedWon');
    expect(history.at(-1)).toBe('OpportunityCreated');
    expect(history).toContain('OpportunityTma');
  });
});
