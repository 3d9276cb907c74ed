import type { Conversation } from '@vendaval/core/schemas/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { chatFixtures } from '../../../test/factories/rooms.ts';

let w: World;
let chat: ReturnType<typeof chatFixtures>;
let ana: Card;
let bia: Card;
let caio: Card;
let silent: Card;
const rooms: Record<string, number> = {};

beforeAll(async () => {
  // Without the demo's conversations, so the lists hold exactly the rooms written here.
  w = await cardsWorld({ demoConversations: false });
  chat = chatFixtures(w);
  ana = await w.create('admin', w.centro, { user_id: w.user.atendente, name: 'Ana Paula' });
  bia = await w.create('admin', w.centro, { user_id: w.user.bruno, name: 'Beatriz Lima' });
  caio = await w.create('admin', w.centro, { user_id: w.user.atendente, name: 'Caio Souza' });
  silent = await w.create('admin', w.centro, { user_id: w.user.bruno, name: 'Sem Conversa' });
  // Ana's card had an older room: only the newest one is listed.
  rooms.anaOld = await chat.room(w.centro, ana, {
    messages: [{ text: 'antiga', at: '2026-03-01T12:00:00Z' }],
  });
  rooms.ana = await chat.room(w.centro, ana, {
    phone: '5511911112222',
    unread: 2,
    messages: [
      { text: 'Olá', at: '2026-03-10T12:00:00Z' },
      { text: 'Quero saber o preço', at: '2026-03-10T12:01:00Z' },
    ],
  });
  rooms.bia = await chat.room(w.centro, bia, {
    phone: '5521933334444',
    messages: [{ text: 'Bom dia! Como posso ajudar?', at: '2026-03-12T09:00:00Z', sender: 'user' }],
  });
  rooms.caio = await chat.room(w.centro, caio, {
    messages: [{ text: 'apagada', at: '2026-03-05T09:00:00Z', sender: 'user', deleted: true }],
  });
  rooms.silent = await chat.room(w.centro, silent);
  const foreign = await w.create('admin', w.zonaNorte, { name: 'Ana da Zona Norte' });
  await chat.room(w.zonaNorte, foreign, { messages: [{ text: 'Oi', at: '2026-03-11T12:00:00Z' }] });
});
afterAll(() => w.t.close());

async function list(who: Person, query = '', workspaceId = w.centro) {
  const res = await w.call(who, 'GET', workspaceId, `dialogs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Conversation[]; pagination: { total_count: number } };
}
const ids = (page: { data: Conversation[] }) => page.data.map((c) => c.id);

describe('GET /dialogs (the omnichannel list)', () => {
  it('PLAT-107 PLAT-109 by default: rooms with a message, newest message first, one line per card', async () => {
    const page = await list('admin');
    expect(ids(page)).toEqual([rooms.bia, rooms.ana, rooms.caio]);
    expect(page.pagination.total_count).toBe(3);
  });

  it('PLAT-110 a line carries the card, the stage, the unread count and the last message', async () => {
    const [, line] = (await list('admin')).data;
    const first = await w.stage(w.centro, 'First');
    expect(line).toMatchObject({
      id: rooms.ana,
      opportunity: { id: ana.id, name: 'Ana Paula' },
      sales_stage: { id: first.id, name: first.name },
      user_id: w.user.atendente,
      user_name: 'Alice Atendente',
      bot_name: 'Robô da Escola',
      phone_number: '5511911112222',
      unread_count: 2,
      closed_at: null,
      last_message_at: '2026-03-10T12:01:00.000Z',
      last_message: {
        message: 'Quero saber o preço',
        sender: 'contact',
        file_mime: null,
        sent_at: '2026-03-10T12:01:00.000Z',
      },
    });
  });

  it('a deleted last message is not previewed', async () => {
    const caioLine = (await list('admin')).data.find((c) => c.id === rooms.caio);
    expect(caioLine?.last_message).toMatchObject({ message: null, sender: 'user' });
  });

  it('PLAT-109 has_chat=false also lists the rooms nobody wrote in yet, last', async () => {
    expect(ids(await list('admin', '?has_chat=false'))).toEqual([
      rooms.bia,
      rooms.ana,
      rooms.caio,
      rooms.silent,
    ]);
  });

  it('PLAT-107 PLAT-108 start and end filter on the most recent message (dateType last_message_at)', async () => {
    const q = '?dateType=last_message_at&start_timestamp=2026-03-06&end_timestamp=2026-03-11';
    expect(ids(await list('admin', q))).toEqual([rooms.ana]);
    expect(ids(await list('admin', '?start_timestamp=2026-03-12T08:00:00Z'))).toEqual([rooms.bia]);
  });

  it('PLAT-107 user_id and sales_stage_id lists', async () => {
    expect(ids(await list('admin', `?user_id=${w.user.bruno}`))).toEqual([rooms.bia]);
    expect(ids(await list('admin', `?user_id=${w.user.bruno}&user_id=${w.user.atendente}`))).toHaveLength(3);
    const first = await w.stage(w.centro, 'First');
    expect(ids(await list('admin', `?sales_stage_id=${first.id}`))).toHaveLength(3);
    const [other] = (await w.stages(w.centro)).filter((s) => s.id !== first.id);
    expect(ids(await list('admin', `?sales_stage_id=${other?.id}`))).toEqual([]);
  });

  it('search finds a card by its name, its contact or the phone', async () => {
    expect(ids(await list('admin', '?search=beatriz'))).toEqual([rooms.bia]);
    expect(ids(await list('admin', `?search=${encodeURIComponent('(21) 93333')}`))).toEqual([rooms.bia]);
    expect(ids(await list('admin', '?search=ana'))).toEqual([rooms.ana]);
  });

  it('pages with limit and offset', async () => {
    const page = await list('admin', '?limit=1&offset=1');
    expect(ids(page)).toEqual([rooms.ana]);
    expect(page.pagination).toEqual({ total_count: 3, limit: 1, offset: 1 });
  });

  it('a salesRep sees only their own rooms; a manager sees everyone', async () => {
    expect(ids(await list('atendente'))).toEqual([rooms.ana, rooms.caio]);
    expect(ids(await list('bruno'))).toEqual([rooms.bia]);
    expect(ids(await list('bruno', `?user_id=${w.user.atendente}`))).toEqual([]);
    expect(ids(await list('gerente'))).toHaveLength(3);
  });

  it('another workspace or platform answers 404; foreign users and stages in the filter find nothing', async () => {
    expect((await w.call('carla', 'GET', w.centro, 'dialogs')).statusCode).toBe(404);
    expect((await w.call('rh', 'GET', w.centro, 'dialogs')).statusCode).toBe(404);
    const zona = await list('admin', '', w.zonaNorte);
    expect(zona.data.map((c) => c.opportunity.name)).toEqual(['Ana da Zona Norte']);
    const foreignStage = (await w.stages(w.recrutamento))[0];
    expect(ids(await list('admin', `?sales_stage_id=${foreignStage?.id}`))).toEqual([]);
    expect(ids(await list('admin', `?user_id=${w.user.carla}`))).toEqual([]);
  });

  it('a date that is not a date is refused naming the field', async () => {
    const res = await w.call('admin', 'GET', w.centro, 'dialogs?start_timestamp=ontem');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'start_timestamp', description: expect.any(String) }]);
  });
});
