import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { opportunityCalls } from '../../schema/calls.tables.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import { type CardGroup, groupCards, groupCardsByUser, type UserGroup } from './dashboards.queries.ts';

/**
 * A month of March 2020 in Escola Centro that nothing else touches: five cards changed in it (two won, two lost
 * with reasons, one open), a sixth created in it but changed in May, their tasks, two rooms with messages. Every
 * expected number below is counted by hand from this list.
 *
 *   card  responsible  campaign  product (price)  source   state        reason     response time
 *   D1    Alice        Matr.     Inglês 100       Offline  open, First  -          300 s (acceptable)
 *   D2    Alice        Matr.     Inglês 200       Offline  Won          -          900 s (attention)
 *   D3    Alice        Volta     -        0       Offline  Lost         Preço      2000 s (exceeded)
 *   D4    Bruno        -         Espanhol 50      Offline  Won          -          none
 *   D5    Bruno        Volta     -        0       Imbot    Lost         Distância  100 s (acceptable)
 *   D6    Bruno        -         -        0       Offline  open         -          none; created in March, changed in May
 */
let w: World;
const card: Record<string, number> = {};
let ids: {
  matriculas: number;
  volta: number;
  ingles: number;
  espanhol: number;
  preco: number;
  distancia: number;
};
let botId: number;

const MARCH = 'start_timestamp=2020-03-01&end_timestamp=2020-03-31';

async function dashboard(who: Person, path: string, query = MARCH) {
  const res = await w.call(who, 'GET', w.centro, `${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const execute = (query: ReturnType<typeof sql>) => w.t.database.db.execute(query);

async function seedMarch() {
  const item = (list: string, name: string) => w.item(w.centro, list, name);
  ids = {
    matriculas: (await item('campaigns', 'Matrículas 2027')).id,
    volta: (await item('campaigns', 'Volta às Aulas')).id,
    ingles: (await item('products', 'Curso de Inglês')).id,
    espanhol: (await item('products', 'Curso de Espanhol')).id,
    preco: (await item('objections', 'Preço')).id,
    distancia: (await item('objections', 'Distância')).id,
  };
  const make = (name: string, user: number, extra: Record<string, unknown>) =>
    w.create('admin', w.centro, { name, user_id: user, ...extra });
  const alice = w.user.atendente;
  const bruno = w.user.bruno;
  card.D1 = (
    await make('D1', alice, {
      campaign_id: ids.matriculas,
      product_id: ids.ingles,
      price: 100,
      probability: 80,
    })
  ).id;
  card.D2 = (await make('D2', alice, { campaign_id: ids.matriculas, product_id: ids.ingles, price: 200 })).id;
  card.D3 = (await make('D3', alice, { campaign_id: ids.volta })).id;
  card.D4 = (await make('D4', bruno, { product_id: ids.espanhol, price: 50 })).id;
  card.D5 = (await make('D5', bruno, { campaign_id: ids.volta })).id;
  card.D6 = (await make('D6', bruno, {})).id;
  const close = async (id: number, data: object) => {
    await w.addTask(w.centro, id);
    const res = await w.call('admin', 'PUT', w.centro, `opportunities/${id}/close`, { data });
    expect(res.statusCode, res.body).toBe(200);
  };
  await close(card.D2 as number, { state_type: 'Won' });
  await close(card.D3 as number, { state_type: 'Lost', closed_type: ids.preco });
  await close(card.D4 as number, { state_type: 'Won' });
  await close(card.D5 as number, { state_type: 'Lost', closed_type: ids.distancia });

  const at = (id: number, created: string, updated: string, tma: number | null) =>
    execute(sql`update opportunities set created_at = ${created}::timestamptz, updated_at = ${updated}::timestamptz,
                tma = ${tma} where id = ${id}`);
  await at(card.D1 as number, '2020-03-02T12:00:00Z', '2020-03-03T12:00:00Z', 300);
  await at(card.D2 as number, '2020-03-04T12:00:00Z', '2020-03-10T12:00:00Z', 900);
  await at(card.D3 as number, '2020-03-05T12:00:00Z', '2020-03-11T12:00:00Z', 2000);
  await at(card.D4 as number, '2020-03-06T12:00:00Z', '2020-03-12T12:00:00Z', null);
  await at(card.D5 as number, '2020-03-07T12:00:00Z', '2020-03-31T23:00:00Z', 100);
  await at(card.D6 as number, '2020-03-08T12:00:00Z', '2020-05-01T12:00:00Z', null);
  await execute(sql`update opportunities set source_type = 'Imbot' where id = ${card.D5}`);

  // The four tasks the closings needed: one done, one overdue, one a registry, one in June.
  const task = (id: number, start: string, extra: ReturnType<typeof sql>) =>
    execute(sql`update tasks set start_timestamp = ${start}, user_id = (select user_id from opportunities
                where id = ${id}), ${extra} where opportunity_id = ${id}`);
  await task(card.D2 as number, '2020-03-09 10:00', sql`status = 'Completed'`);
  await task(card.D3 as number, '2020-03-10 10:00', sql`status = 'NotStarted'`);
  await task(card.D4 as number, '2020-03-11 10:00', sql`is_registry = true`);
  await task(card.D5 as number, '2020-06-01 10:00', sql`status = 'NotStarted'`);

  const [bot] = (
    (await execute(
      sql`select id from bots where workspace_id = ${w.centro} order by id limit 1`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  botId = bot?.id as number;
  const room = async (id: number, created: string, closed: string | null, keepBot: boolean) => {
    const result =
      (await execute(sql`insert into dialogs (platform_id, workspace_id, opportunity_id, bot_id, user_id,
        phone_number, media_type, keep_bot_on_dialog, created_at, closed_at)
      select platform_id, workspace_id, id, ${botId}, user_id, '5511900000000', 'whatsapp', ${keepBot},
             ${created}::timestamptz, ${closed}::timestamptz from opportunities where id = ${id}
      returning id`)) as unknown as { rows: { id: number }[] };
    return result.rows[0]?.id as number;
  };
  const message = (dialogId: number, sender: string, sentAt: string) =>
    execute(sql`insert into chat_messages (platform_id, workspace_id, dialog_id, sender, message, status, sent_at)
      select platform_id, workspace_id, id, ${sender}, 'oi', 'sent', ${sentAt}::timestamptz from dialogs
      where id = ${dialogId}`);
  const r1 = await room(card.D1 as number, '2020-03-05T12:00:00Z', null, true);
  const r2 = await room(card.D4 as number, '2020-03-06T12:00:00Z', '2020-03-07T12:00:00Z', false);
  await message(r1, 'contact', '2020-03-05T12:00:00Z');
  await message(r1, 'contact', '2020-03-05T12:01:00Z');
  await message(r1, 'user', '2020-03-05T12:02:00Z');
  await message(r1, 'bot', '2020-03-05T12:00:30Z');
  await message(r2, 'contact', '2020-03-06T12:00:00Z');
  await message(r2, 'contact', '2020-04-06T12:00:00Z');
}

beforeAll(async () => {
  w = await cardsWorld();
  await seedMarch();
});
afterAll(() => w.t.close());

const period = { start_timestamp: '2020-03-01', end_timestamp: '2020-03-31', date_type: 'updated_at' };
const figures = (
  count: number,
  open: number,
  won: number,
  lost: number,
  total: number,
  wonPrice: number,
) => ({
  count,
  open,
  won,
  lost,
  total_price: total,
  won_price: wonPrice,
});
const byKey = (data: { key: unknown }[]) => Object.fromEntries(data.map((d) => [String(d.key), d]));

/** The board's count of the same cards: the summary of /opportunities under the same filters. */
async function boardCount(who: Person, query: string) {
  const res = await w.call(
    who,
    'GET',
    w.centro,
    `opportunities/summary?timestamp_attribute=updated_at&${MARCH}&${query}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { count: number }[]).reduce((total, r) => total + r.count, 0);
}

describe('GET /dashboards/*: the charts of the first tab', () => {
  it('PLAT-253 sales-stage: every stage in board order with the cards changed in March, won and lost by stage type', async () => {
    const body = await dashboard('admin', 'dashboards/sales-stage');
    expect(body.period).toEqual(period);
    expect(body.total).toEqual(figures(5, 1, 2, 2, 350, 250));
    const stages = await w.stages(w.centro);
    expect(body.data.map((d: { sales_stage_id: number }) => d.sales_stage_id)).toEqual(
      stages.map((s) => s.id),
    );
    const of = (type: string) => body.data.find((d: { type: string }) => d.type === type);
    expect(of('First')).toMatchObject({ count: 1, total_price: 100 });
    expect(of('Won')).toMatchObject({ count: 2, total_price: 250 });
    expect(of('Lost')).toMatchObject({ count: 2, total_price: 0 });
    for (const stage of body.data as { sales_stage_id: number; count: number }[]) {
      expect(await boardCount('admin', `sales_stage_id=${stage.sales_stage_id}`)).toBe(stage.count);
    }
  });

  it('PLAT-253 campaign, media, product, source-type, probability and user: each bar is the board count of its filter', async () => {
    const campaign = byKey((await dashboard('admin', 'dashboards/campaign')).data);
    expect(campaign[ids.matriculas]).toMatchObject({
      name: 'Matrículas 2027',
      ...figures(2, 1, 1, 0, 300, 200),
    });
    expect(campaign[ids.volta]).toMatchObject({ name: 'Volta às Aulas', ...figures(2, 0, 0, 2, 0, 0) });
    expect(campaign.null).toMatchObject({ name: 'Sem campanha', ...figures(1, 0, 1, 0, 50, 50) });
    expect(await boardCount('admin', `campaign_id=${ids.volta}`)).toBe(2);

    const product = await dashboard('admin', 'dashboards/product');
    expect(product.pagination).toEqual({ total_count: 3, limit: 9, offset: 0 });
    expect(byKey(product.data)[ids.ingles]).toMatchObject({ count: 2, won: 1, total_price: 300 });
    expect(byKey(product.data)[ids.espanhol]).toMatchObject({ count: 1, won: 1, won_price: 50 });
    expect(byKey(product.data).null).toMatchObject({ name: 'Sem produto', count: 2, lost: 2 });
    expect(await boardCount('admin', `product_id=${ids.ingles}`)).toBe(2);
    const second = await dashboard('admin', 'dashboards/product', `${MARCH}&limit=2&offset=2`);
    expect(second.data).toHaveLength(1);

    const source = byKey((await dashboard('admin', 'dashboards/source-type')).data);
    expect(source.Offline).toMatchObject({ name: 'Offline', count: 4 });
    expect(source.Imbot).toMatchObject({ count: 1, lost: 1 });
    expect(await boardCount('admin', 'source_type=Imbot')).toBe(1);

    const probability = byKey((await dashboard('admin', 'dashboards/probability')).data);
    expect(probability[80]).toMatchObject({ name: '80%', count: 1 });
    expect(probability[40]).toMatchObject({ count: 4 });
    expect(await boardCount('admin', 'probability=80')).toBe(1);

    const user = byKey((await dashboard('admin', 'dashboards/user')).data);
    expect(user[w.user.atendente]).toMatchObject({
      name: 'Alice Atendente',
      ...figures(3, 1, 1, 1, 300, 200),
    });
    expect(user[w.user.bruno]).toMatchObject({ name: 'Bruno Barros', ...figures(2, 0, 1, 1, 50, 50) });
    expect(await boardCount('admin', `user_id=${w.user.bruno}`)).toBe(2);

    const media = (await dashboard('admin', 'dashboards/media')).total;
    expect(media).toEqual(figures(5, 1, 2, 2, 350, 250));
  });

  it('PLAT-253 closed-type and state-type: the lost cards by reason; open, won and lost named with the terms', async () => {
    const reasons = await dashboard('admin', 'dashboards/closed-type');
    expect(reasons.total.count).toBe(2);
    expect(byKey(reasons.data)[ids.preco]).toMatchObject({ name: 'Preço', count: 1, lost: 1 });
    expect(byKey(reasons.data)[ids.distancia]).toMatchObject({ name: 'Distância', count: 1 });
    expect(await boardCount('admin', `closed_type=${ids.preco}`)).toBe(1);

    const states = await dashboard('admin', 'dashboards/state-type');
    expect(
      states.data.map((d: { key: string; name: string; count: number }) => [d.key, d.name, d.count]),
    ).toEqual([
      ['Open', 'Em aberto', 1],
      ['Won', 'Ganho', 2],
      ['Lost', 'Perdido', 2],
    ]);
  });

  it('PLAT-253 PLAT-127 date_type created_at counts the cards created in March (D6 too); the user filter narrows', async () => {
    const created = await dashboard('admin', 'dashboards/sales-stage', `${MARCH}&date_type=created_at`);
    expect(created.period.date_type).toBe('created_at');
    expect(created.total).toEqual(figures(6, 2, 2, 2, 350, 250));
    const bruno = await dashboard('admin', 'dashboards/sales-stage', `${MARCH}&user_id=${w.user.bruno}`);
    expect(bruno.total).toEqual(figures(2, 0, 1, 1, 50, 50));
    const refused = await w.call('admin', 'GET', w.centro, `dashboards/sales-stage?date_type=closed_at`);
    expect(refused.statusCode).toBe(400);
  });

  it('PLAT-253 task-scheduled: scheduled tasks of March by type, done and overdue; registries are not scheduled', async () => {
    const body = await dashboard('admin', 'dashboards/task-scheduled');
    expect(body.data).toEqual([{ task_type_id: null, name: 'Sem tipo', count: 2, completed: 1, overdue: 1 }]);
    expect(body.total).toEqual({ count: 2, completed: 1, overdue: 1 });
  });

  it('PLAT-253 service-trails: received, answered, answered within 600 s, won', async () => {
    const body = await dashboard('admin', 'dashboards/service-trails');
    expect(body.data.map((d: { step: string; count: number }) => [d.step, d.count])).toEqual([
      ['received', 5],
      ['answered', 4],
      ['answered_in_time', 2],
      ['won', 2],
    ]);
  });

  it('PLAT-253 PLAT-131 sales-rep: the ranking by won cards, then won BRL, ten a page by default', async () => {
    const body = await dashboard('admin', 'dashboards/sales-rep');
    expect(body.pagination).toEqual({ total_count: 2, limit: 10, offset: 0 });
    expect(body.data).toEqual([
      {
        position: 1,
        user_id: w.user.atendente,
        name: 'Alice Atendente',
        count: 3,
        won: 1,
        lost: 1,
        won_price: 200,
        conversion: 1 / 3,
        average_response_s: 1067,
      },
      {
        position: 2,
        user_id: w.user.bruno,
        name: 'Bruno Barros',
        count: 2,
        won: 1,
        lost: 1,
        won_price: 50,
        conversion: 0.5,
        average_response_s: 100,
      },
    ]);
    const page = await dashboard('admin', 'dashboards/sales-rep', `${MARCH}&limit=1&offset=1`);
    expect(page.data.map((r: { position: number }) => r.position)).toEqual([2]);
  });

  it('PLAT-253 digital-employee-stats and PLAT-254 digital-employees/dashboard/opportunities: the rooms of March', async () => {
    const stats = await dashboard('admin', 'dashboards/digital-employee-stats');
    expect(stats.data.find((b: { bot_id: number }) => b.bot_id === botId)).toMatchObject({
      rooms: 2,
      open_rooms: 1,
      opportunities: 2,
      bot_messages: 1,
    });
    const cards = await dashboard('admin', 'digital-employees/dashboard/opportunities');
    expect(cards.pagination).toEqual({ total_count: 2, limit: 25, offset: 0 });
    expect(cards.data.map((r: { opportunity_id: number }) => r.opportunity_id)).toEqual([card.D4, card.D1]);
    expect(cards.data[1]).toMatchObject({ name: 'D1', user: { id: w.user.atendente }, closed_at: null });
  });
});

describe('GET /summary-dashboards/*: the service tab', () => {
  it('PLAT-252 overall and tpo: figures, conversion and the response-time classes of decisions.md §4', async () => {
    const overall = await dashboard('admin', 'summary-dashboards/overall');
    expect(overall.cards).toEqual(figures(5, 1, 2, 2, 350, 250));
    expect(overall.conversion).toBe(0.4);
    const time = { answered: 4, unanswered: 1, average_s: 825, acceptable: 2, attention: 1, exceeded: 1 };
    expect(overall.response_time).toEqual(time);
    expect(await dashboard('admin', 'summary-dashboards/tpo')).toEqual({ period, ...time });
  });

  it('PLAT-252 omnichannel and imbot: rooms opened and messages sent in March', async () => {
    expect(await dashboard('admin', 'summary-dashboards/omnichannel')).toEqual({
      period,
      rooms: 2,
      open_rooms: 1,
      closed_rooms: 1,
      messages_received: 3,
      messages_sent: 1,
      bot_messages: 1,
    });
    expect(await dashboard('admin', 'summary-dashboards/imbot')).toEqual({
      period,
      rooms_on_bot: 1,
      bot_messages: 1,
      opportunities_from_bot: 1,
    });
  });

  it("PLAT-252 PLAT-129 PLAT-130 voip: the reps' ended calls started in the period, answered above 15 s, by length", async () => {
    // Calls on the March cards (talk time in seconds; null: never answered). Counted by hand:
    //   Alice, March: 16 (answered), 15, 0 (picked up, hung up), never answered, 60 (answered)
    //   Bruno, March: 59, 180, 181 (answered); still ringing on 9 March (not ended: not counted)
    //   Bruno: 300 s on 2 April and never answered on 28 February, outside March
    //   Zona Norte, March: 100 s by the admin, another workspace's: never counted here
    const placed = (
      workspaceId: number,
      opportunityId: number,
      userId: number,
      startedAt: string,
      talked: number | null,
      ended = true,
    ) => {
      const started = new Date(startedAt);
      const answeredAt = talked === null ? null : new Date(started.getTime() + 5000);
      return {
        platformId: DEFAULT_PLATFORM_ID,
        workspaceId,
        opportunityId,
        userId,
        phoneNumber: '5511999990000',
        adapter: 'sandbox',
        status: ended ? ('ended' as const) : ('ringing' as const),
        outcome: !ended
          ? null
          : talked === null
            ? ('no_answer' as const)
            : talked > 15
              ? ('answered' as const)
              : ('short' as const),
        startedAt: started,
        answeredAt,
        endedAt: ended ? new Date((answeredAt ?? started).getTime() + (talked ?? 30) * 1000) : null,
        duration: talked ?? 0,
        answered: talked !== null && talked > 15,
      };
    };
    const alice = w.user.atendente;
    const bruno = w.user.bruno;
    const d1 = card.D1 as number;
    const d4 = card.D4 as number;
    const north = await w.create('admin', w.zonaNorte, { user_id: w.user.admin });
    await w.t.app.deps.db
      .insert(opportunityCalls)
      .values([
        placed(w.centro, d1, alice, '2020-03-03T12:00:00Z', 16),
        placed(w.centro, d1, alice, '2020-03-03T13:00:00Z', 15),
        placed(w.centro, d1, alice, '2020-03-04T12:00:00Z', 0),
        placed(w.centro, d1, alice, '2020-03-04T13:00:00Z', null),
        placed(w.centro, d1, alice, '2020-03-05T12:00:00Z', 60),
        placed(w.centro, d4, bruno, '2020-03-06T12:00:00Z', 59),
        placed(w.centro, d4, bruno, '2020-03-07T12:00:00Z', 180),
        placed(w.centro, d4, bruno, '2020-03-08T12:00:00Z', 181),
        placed(w.centro, d4, bruno, '2020-03-09T12:00:00Z', null, false),
        placed(w.centro, d4, bruno, '2020-04-02T12:00:00Z', 300),
        placed(w.centro, d4, bruno, '2020-02-28T12:00:00Z', null),
        placed(w.zonaNorte, north.id, w.user.admin, '2020-03-10T12:00:00Z', 100),
      ]);
    const voip = (
      calls: number,
      answered: number,
      average: number | null,
      [less, oneToThree, more]: [number, number, number],
      ofPeriod: object = period,
    ) => ({
      period: ofPeriod,
      calls,
      answered,
      not_answered: calls - answered,
      average_duration_s: average,
      duration_classes: {
        DurationLessThanAMinute: less,
        DurationOneToThreeMinutes: oneToThree,
        DurationMoreThanThreeMinutes: more,
      },
    });
    // 16 + 60 + 59 + 180 + 181 = 496 over 5 answered: 99.2 s; talked 16, 15, 0, 59 | 60, 180 | 181.
    expect(await dashboard('admin', 'summary-dashboards/voip')).toEqual(voip(8, 5, 99, [4, 2, 1]));
    expect(await dashboard('gerente', 'summary-dashboards/voip')).toEqual(voip(8, 5, 99, [4, 2, 1]));
    // (59 + 180 + 181) / 3 = 140.
    expect(await dashboard('admin', 'summary-dashboards/voip', `${MARCH}&user_id=${bruno}`)).toEqual(
      voip(3, 3, 140, [1, 1, 1]),
    );
    // (16 + 60) / 2 = 38.
    const alices = voip(5, 2, 38, [3, 1, 0]);
    expect(await dashboard('admin', 'summary-dashboards/voip', `${MARCH}&user_id=${alice}`)).toEqual(alices);
    expect(
      await dashboard('admin', 'summary-dashboards/voip', `${MARCH}&user_id=${alice}&user_id=${bruno}`),
    ).toEqual(voip(8, 5, 99, [4, 2, 1]));
    // A salesRep sees only their own calls, whoever the filter names.
    expect(await dashboard('atendente', 'summary-dashboards/voip')).toEqual(alices);
    expect(await dashboard('atendente', 'summary-dashboards/voip', `${MARCH}&user_id=${bruno}`)).toEqual(
      alices,
    );
    // The year adds 2 April (300 s, answered) and 28 February (never answered): 796 / 6 = 132.7 s.
    const YEAR = 'start_timestamp=2020-01-01&end_timestamp=2020-12-31';
    expect(await dashboard('admin', 'summary-dashboards/voip', YEAR)).toEqual(
      voip(10, 6, 133, [4, 2, 2], { ...period, start_timestamp: '2020-01-01', end_timestamp: '2020-12-31' }),
    );
    const APRIL_ON = 'start_timestamp=2020-04-01&end_timestamp=2020-04-30';
    expect((await dashboard('bruno', 'summary-dashboards/voip', APRIL_ON)).calls).toBe(1);
    expect(
      await dashboard(
        'admin',
        'summary-dashboards/voip',
        'start_timestamp=2019-01-01&end_timestamp=2019-12-31',
      ),
    ).toEqual(
      voip(0, 0, null, [0, 0, 0], { ...period, start_timestamp: '2019-01-01', end_timestamp: '2019-12-31' }),
    );
  });

  it("PLAT-102 PLAT-103 without a period the role's default range applies, on updated_at", async () => {
    const admin = await dashboard('admin', 'summary-dashboards/overall', '');
    expect(admin.period.date_type).toBe('updated_at');
    const months = (iso: string) => (Date.now() - Date.parse(iso)) / (30.4 * 86_400_000);
    expect(months(admin.period.start_timestamp)).toBeCloseTo(3, 0);
    const rep = await dashboard('atendente', 'summary-dashboards/overall', '');
    expect(months(rep.period.start_timestamp)).toBeCloseTo(1, 0);
  });
});

describe('the other dashboards', () => {
  it('PLAT-254 GET /dashboards/{id}: one member; a foreign or unknown id answers 404', async () => {
    const bruno = await dashboard('admin', `dashboards/${w.user.bruno}`);
    expect(bruno.user).toEqual({ id: w.user.bruno, name: 'Bruno Barros' });
    expect(bruno.cards).toEqual(figures(2, 0, 1, 1, 50, 50));
    expect(bruno.response_time.average_s).toBe(100);
    const carla = await w.call('admin', 'GET', w.centro, `dashboards/${w.user.carla}?${MARCH}`);
    expect(carla.statusCode).toBe(404);
    const rh = await w.call('admin', 'GET', w.centro, `dashboards/${w.user.rh}?${MARCH}`);
    expect(rh.statusCode).toBe(404);
  });

  it('PLAT-254 commercial/dashboards/workspaces: every workspace the user works in', async () => {
    const body = await dashboard('admin', 'commercial/dashboards/workspaces');
    expect(body.data.map((d: { name: string; count: number }) => [d.name, d.count])).toEqual([
      ['Escola Centro', 5],
      ['Escola Zona Norte', 0],
    ]);
    const rep = await dashboard('bruno', 'commercial/dashboards/workspaces');
    expect(rep.data).toEqual([
      { workspace_id: w.centro, name: 'Escola Centro', ...figures(2, 0, 1, 1, 50, 50) },
    ]);
  });
});

describe("a salesRep's view", () => {
  it('PLAT-252 PLAT-253 Alice sees only her own numbers, whatever user she asks for', async () => {
    const stages = await dashboard('atendente', 'dashboards/sales-stage', `${MARCH}&user_id=${w.user.bruno}`);
    expect(stages.total).toEqual(figures(3, 1, 1, 1, 300, 200));
    expect((await dashboard('atendente', 'summary-dashboards/overall')).cards.count).toBe(3);
    const rooms = await dashboard('atendente', 'summary-dashboards/omnichannel');
    expect(rooms).toMatchObject({
      rooms: 1,
      open_rooms: 1,
      messages_received: 2,
      messages_sent: 1,
      bot_messages: 1,
    });
    const users = (await dashboard('atendente', 'dashboards/user')).data;
    expect(users.map((u: { key: number }) => u.key)).toEqual([w.user.atendente]);
    const tasks = await dashboard('atendente', 'dashboards/task-scheduled');
    expect(tasks.total).toEqual({ count: 2, completed: 1, overdue: 1 });
    const cards = await dashboard('atendente', 'digital-employees/dashboard/opportunities');
    expect(cards.data.map((r: { opportunity_id: number }) => r.opportunity_id)).toEqual([card.D1]);
  });

  it("PLAT-253 the ranking shows her every position but only her own figures; another rep's dashboard is 404", async () => {
    const ranking = await dashboard('atendente', 'dashboards/sales-rep');
    expect(ranking.data.map((r: { position: number; name: string }) => [r.position, r.name])).toEqual([
      [1, 'Alice Atendente'],
      [2, 'Bruno Barros'],
    ]);
    expect(ranking.data[0]).toMatchObject({ count: 3, won: 1 });
    expect(ranking.data[1]).toMatchObject({
      count: null,
      won: null,
      lost: null,
      won_price: null,
      conversion: null,
    });
    const other = await w.call('atendente', 'GET', w.centro, `dashboards/${w.user.bruno}?${MARCH}`);
    expect(other.statusCode).toBe(404);
    expect((await dashboard('atendente', `dashboards/${w.user.atendente}`)).cards.count).toBe(3);
  });
});

describe('the day totals the dashboards read', () => {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await execute(query)) as unknown as { rows: T[] }).rows;

  it('PLAT-253 equal a recount of the cards after cards are created, edited, moved, closed, transferred and deleted', async () => {
    // Demo cards last changed over the past twelve days, at many hours; then every kind of change.
    await execute(
      sql`update opportunities set updated_at = now() - (id % 12) * interval '1 day' - (id % 9) * interval '157 minutes',
          tma = case when id % 4 = 0 then null else (id * 97) % 2500 end where name not like 'D_'`,
    );
    const edited = await w.create('admin', w.centro, { price: 10 });
    expect(
      (await w.call('admin', 'PUT', w.centro, `opportunities/${edited.id}`, { price: 99.9 })).statusCode,
    ).toBe(200);
    const moved = await w.create('admin', w.centro);
    await w.addTask(w.centro, moved.id);
    const progress = await w.stage(w.centro, 'InProgress');
    const move = await w.call('admin', 'PUT', w.centro, `opportunities/${moved.id}/move-to`, {
      data: { sales_stage_id: progress.id, display_order: 'top' },
    });
    expect(move.statusCode, move.body).toBe(200);
    const leaving = await w.create('admin', w.centro, { price: 500 });
    const north = await w.stage(w.zonaNorte, 'First');
    const transfer = await w.call('admin', 'PUT', w.centro, `opportunities/${leaving.id}/transfer`, {
      workspace_id: w.zonaNorte,
      sales_stage_id: north.id,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const gone = await w.create('admin', w.centro);
    await execute(sql`delete from opportunities where id = ${gone.id}`);

    type Row = Record<string, string | number>;
    const kept = await rows<Row>(sql`
      select workspace_id, date_type, dimension, day::text, key, sales_stage_id, cards, total::numeric(14,2)::text total,
             answered, tma_sum::text tma_sum, acceptable, exceeded
      from opportunity_dashboard_days
      where cards <> 0 or total <> 0 or answered <> 0 or tma_sum <> 0
      order by 1, 2, 3, 4, 5, 6`);
    const recounted = await rows<Row>(sql`
      select c.workspace_id, t.date_type, k.dimension, (t.at at time zone 'America/Sao_Paulo')::date::text as day,
             k.key, c.sales_stage_id, count(*)::int cards, sum(c.price)::numeric(14,2)::text total,
             count(c.tma)::int answered, coalesce(sum(c.tma), 0)::text tma_sum,
             count(*) filter (where c.tma < 600)::int acceptable, count(*) filter (where c.tma > 1800)::int exceeded
      from opportunities c
      cross join lateral (values ('created_at', c.created_at), ('updated_at', c.updated_at)) t(date_type, at)
      cross join lateral (values ('stage', ''), ('campaign', coalesce(c.campaign_id::text, '')),
        ('media', coalesce(c.media_id::text, '')), ('product', coalesce(c.product_id::text, '')),
        ('closed-type', coalesce(c.closed_type::text, '')), ('user', coalesce(c.user_id::text, '')),
        ('source-type', c.source_type), ('probability', c.probability::text)) k(dimension, key)
      group by 1, 2, 3, 4, 5, 6
      order by 1, 2, 3, 4, 5, 6`);
    expect(kept).toEqual(recounted);
    expect(new Set(kept.map((r) => r.workspace_id)).size).toBeGreaterThanOrEqual(3);

    const keptPerUser = await rows<Row>(sql`
      select workspace_id, date_type, day::text, user_id, cards, won, lost, total::numeric(14,2)::text total,
             won_total::numeric(14,2)::text won_total, answered, tma_sum::text tma_sum, acceptable, exceeded
      from opportunity_user_days
      where cards <> 0 or won <> 0 or lost <> 0 or total <> 0 or won_total <> 0 or answered <> 0 or tma_sum <> 0
      order by 1, 2, 3, 4`);
    const recountedPerUser = await rows<Row>(sql`
      select c.workspace_id, t.date_type, (t.at at time zone 'America/Sao_Paulo')::date::text as day,
             coalesce(c.user_id, 0) user_id, count(*)::int cards, count(*) filter (where s.type = 'Won')::int won,
             count(*) filter (where s.type = 'Lost')::int lost, sum(c.price)::numeric(14,2)::text total,
             coalesce(sum(c.price) filter (where s.type = 'Won'), 0)::numeric(14,2)::text won_total,
             count(c.tma)::int answered, coalesce(sum(c.tma), 0)::text tma_sum,
             count(*) filter (where c.tma < 600)::int acceptable, count(*) filter (where c.tma > 1800)::int exceeded
      from opportunities c
      left join sales_stages s on s.id = c.sales_stage_id and s.platform_id = c.platform_id
        and s.workspace_id = c.workspace_id
      cross join lateral (values ('created_at', c.created_at), ('updated_at', c.updated_at)) t(date_type, at)
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4`);
    expect(keptPerUser).toEqual(recountedPerUser);
    expect(keptPerUser.some((r) => Number(r.won) > 0) && keptPerUser.some((r) => Number(r.lost) > 0)).toBe(
      true,
    );
  });

  it('PLAT-253 every period, with days or instants at its ends, answers from them what counting the cards answers', async () => {
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro };
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const [today] = await rows<{ day: string }>(
      sql`select to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as day`,
    );
    const day = (back: number) => dayjs(today?.day).subtract(back, 'day').format('YYYY-MM-DD');
    const periods: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      [ago(24 * 5 + 7), undefined],
      [day(6), undefined],
      [ago(24 * 9 + 3), ago(24 * 2 + 11)],
      [ago(24 * 4 + 2), ago(24 * 4)],
      [day(8), day(3)],
      [day(4), day(4)],
      [undefined, day(1)],
      [undefined, ago(30)],
      [ago(2), undefined],
      [day(10), ago(26)],
    ];
    for (const dateType of ['updated_at', 'created_at'] as const) {
      for (const [start, end] of periods) {
        for (const dimension of ['stage', 'campaign', 'user', 'source-type', 'probability'] as const) {
          const set = { dateType, start, end, userIds: undefined };
          const sorted = (groups: CardGroup[]) =>
            [...groups].sort((a, b) =>
              `${a.key}:${a.salesStageId}`.localeCompare(`${b.key}:${b.salesStageId}`),
            );
          const fromTotals = await groupCards(w.t.database.db, scope, set, dimension, 'day totals');
          const counted = await groupCards(w.t.database.db, scope, set, dimension, 'cards');
          expect(sorted(fromTotals), `${dateType} ${start} ${end} ${dimension}`).toEqual(sorted(counted));
        }
        const set = { dateType, start, end, userIds: undefined };
        const byUser = (groups: UserGroup[]) => [...groups].sort((a, b) => (a.userId ?? 0) - (b.userId ?? 0));
        expect(
          byUser(await groupCardsByUser(w.t.database.db, scope, set, 'day totals')),
          `${dateType} ${start} ${end} per responsible`,
        ).toEqual(byUser(await groupCardsByUser(w.t.database.db, scope, set, 'cards')));
      }
    }
    const everything = await groupCards(w.t.database.db, scope, {
      dateType: 'updated_at',
      start: undefined,
      end: undefined,
      userIds: undefined,
    });
    expect(everything.reduce((total, g) => total + g.count, 0)).toBeGreaterThan(30);
  });

  it('PLAT-253 a won or lost stage stays so, which the totals per responsible rely on', async () => {
    const won = await w.stage(w.centro, 'Won');
    const open = await w.stage(w.centro, 'InProgress');
    await expect(
      execute(sql`update sales_stages set type = 'InProgress' where id = ${won.id}`),
    ).rejects.toThrow();
    await expect(execute(sql`update sales_stages set type = 'Lost' where id = ${open.id}`)).rejects.toThrow();
    await execute(sql`update sales_stages set type = 'Negotiation' where id = ${open.id}`);
    await execute(sql`update sales_stages set type = 'InProgress' where id = ${open.id}`);
  });
});
