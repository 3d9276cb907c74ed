import { MESSAGES } from '@vendaval/core/messages';
import type { SimulatorMessage } from '@vendaval/core/schemas/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { DEFAULT_HOST, RH_HOST } from '../../../test/test-app.ts';
import { idempotencyKeys } from '../../infra/idempotency.tables.ts';
import { IDEMPOTENCY_KEY_TTL_HOURS, pruneIdempotencyKeys } from '../../infra/idempotency.ts';

let w: World;
let bot: number;
beforeAll(async () => {
  w = await cardsWorld();
  const bots = (await w.call('admin', 'GET', w.centro, 'bots')).json().data as {
    id: number;
    channel: string;
  }[];
  bot = bots.find((b) => b.channel === 'sandbox')?.id ?? 0;
});
afterAll(() => w.t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');

const write = (who: Person, payload: object, workspaceId = w.centro) =>
  w.call(who, 'POST', workspaceId, 'simulator/messages', payload);
const phoneView = async (phone: string, who: Person = 'admin') => {
  const res = await w.call(
    who,
    'GET',
    w.centro,
    `simulator/conversations?bot_id=${bot}&phone_number=${phone}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SimulatorMessage[];
};

describe('customer simulator', () => {
  it('a new number writing to the sandbox bot becomes a card with a room, listed in the omnichannel', async () => {
    const phone = '5511955550001';
    const res = await write('admin', {
      bot_id: bot,
      phone_number: phone,
      name: 'Marta Cliente',
      message: 'Oi, quero uma bolsa',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from_contact: true, message: 'Oi, quero uma bolsa', author: null }),
      ]),
    );
    const list = (await w.call('admin', 'GET', w.centro, 'dialogs?search=Marta')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      opportunity: { name: 'Marta Cliente' },
      phone_number: phone,
      unread_count: 1,
      // The sandbox bot greets a new contact.
      last_message: { sender: 'bot' },
    });
  });

  it("CHAT-015 CHAT-016 CHAT-017 the attendant's reply reaches the phone: fetching makes it Delivered, reading makes it Read", async () => {
    const phone = '5511955550002';
    await write('admin', { bot_id: bot, phone_number: phone, name: 'Rui', message: 'Bom dia' });
    const [line] = (await w.call('admin', 'GET', w.centro, 'dialogs?search=Rui')).json().data;
    const sent = await w.call('admin', 'POST', w.centro, `dialogs/${line.id}/messages`, {
      dialog_id: line.id,
      message_object: { message: 'Olá Rui, como posso ajudar?' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The send job hands the reply to the sandbox; the phone's next look after that receives it.
    const reply = await vi.waitFor(
      async () => {
        const found = (await phoneView(phone)).find((m) => m.message === 'Olá Rui, como posso ajudar?');
        expect(found).toMatchObject({
          from_contact: false,
          status: 'Delivered',
          author: 'Ana Administradora',
        });
        return found;
      },
      { timeout: 20_000, interval: 50 },
    );
    const read = await w.call('admin', 'POST', w.centro, 'simulator/read', {
      bot_id: bot,
      phone_number: phone,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.find((m: SimulatorMessage) => m.id === reply?.id)).toMatchObject({
      status: 'Read',
    });
  });

  it('the contact can send a file, its type read from its bytes', async () => {
    const phone = '5511955550003';
    const res = await write('admin', {
      bot_id: bot,
      phone_number: phone,
      file: { name: 'foto.png', base64File: PNG },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [photo] = res.json().data as SimulatorMessage[];
    expect(photo?.file).toMatchObject({ mime: 'image/png', name: 'foto.png' });
    expect(photo?.file?.url).toContain('/chat-files/');
  });

  it('PLAT-193 a Brazilian number typed without 55 is the same line as with it', async () => {
    await write('admin', { bot_id: bot, phone_number: '(11) 95555-0007', name: 'Bia', message: 'Primeira' });
    const view = await phoneView('5511955550007');
    expect(view.map((m) => m.message)).toContain('Primeira');
  });

  it('an empty message is refused naming the field', async () => {
    const res = await write('admin', { bot_id: bot, phone_number: '5511955550004', message: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('message');
  });

  it('a salesRep may not use it (403); a manager may', async () => {
    expect(
      (await write('atendente', { bot_id: bot, phone_number: '5511955550005', message: 'oi' })).statusCode,
    ).toBe(403);
    const view = await w.call(
      'atendente',
      'GET',
      w.centro,
      `simulator/conversations?bot_id=${bot}&phone_number=5511955550005`,
    );
    expect(view.statusCode).toBe(403);
    expect(
      (await write('gerente', { bot_id: bot, phone_number: '5511955550005', message: 'oi' })).statusCode,
    ).toBe(200);
  });

  it('another workspace or platform answers 404, and so does a bot of another workspace', async () => {
    const payload = { bot_id: bot, phone_number: '5511955550006', message: 'oi' };
    expect((await write('carla', payload)).statusCode).toBe(404);
    expect((await write('rh', payload)).statusCode).toBe(404);
    expect((await write('admin', payload, w.zonaNorte)).statusCode).toBe(404);
    const view = await w.call(
      'admin',
      'GET',
      w.zonaNorte,
      `simulator/conversations?bot_id=${bot}&phone_number=5511955550001`,
    );
    expect(view.statusCode).toBe(404);
    expect(view.body).not.toContain('Oi, quero uma bolsa');
  });
});

describe('customer simulator: Idempotency-Key', () => {
  let tokens: Record<'admin' | 'rh', string>;
  beforeAll(async () => {
    tokens = { admin: await w.t.login('admin@demo.local'), rh: await w.t.login('admin@rh.local', RH_HOST) };
  });

  const sandboxOf = async (who: 'admin' | 'rh', workspaceId: number) => {
    const res = await w.t.call({
      method: 'GET',
      url: `/api/v1/workspaces/${workspaceId}/bots`,
      token: tokens[who],
      host: who === 'rh' ? RH_HOST : DEFAULT_HOST,
    });
    return (res.json().data as { id: number; channel: string }[]).find((b) => b.channel === 'sandbox')?.id;
  };

  const post = (
    key: string | undefined,
    payload: object,
    workspaceId = w.centro,
    who: 'admin' | 'rh' = 'admin',
  ) =>
    w.t.call({
      method: 'POST',
      url: `/api/v1/workspaces/${workspaceId}/simulator/messages`,
      token: tokens[who],
      host: who === 'rh' ? RH_HOST : DEFAULT_HOST,
      headers: key === undefined ? {} : { 'idempotency-key': key },
      payload,
    });

  const fromContact = async (phone: string, text: string) =>
    (await phoneView(phone)).filter((m) => m.from_contact && m.message === text);

  it('a retried POST with the same key and body stores the message once and answers the first answer again', async () => {
    const payload = { bot_id: bot, phone_number: '5511955551001', name: 'Lia', message: 'Chegou?' };
    const first = await post('3f0c1d5e-retry-1', payload);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('3f0c1d5e-retry-1', payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await fromContact(payload.phone_number, 'Chegou?')).toHaveLength(1);
  });

  it('two requests with the same key at once store the message once', async () => {
    const payload = { bot_id: bot, phone_number: '5511955551002', name: 'Téo', message: 'Ao mesmo tempo' };
    const answers = await Promise.all([post('same-time', payload), post('same-time', payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await fromContact(payload.phone_number, 'Ao mesmo tempo')).toHaveLength(1);
  });

  it('the same key with another body is refused with 409 and stores nothing', async () => {
    const payload = { bot_id: bot, phone_number: '5511955551003', name: 'Ana', message: 'Primeira' };
    expect((await post('reused-key', payload)).statusCode).toBe(200);
    const other = await post('reused-key', { ...payload, message: 'Outra coisa' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ status: 409, message: MESSAGES.idempotencyKeyReused });
    expect(await fromContact(payload.phone_number, 'Outra coisa')).toEqual([]);
  });

  it('without the header every POST is stored; a malformed key is refused naming the header', async () => {
    const payload = { bot_id: bot, phone_number: '5511955551004', name: 'Bia', message: 'Duas vezes' };
    await post(undefined, payload);
    await post(undefined, payload);
    expect(await fromContact(payload.phone_number, 'Duas vezes')).toHaveLength(2);
    const bad = await post('com espaço', payload);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'Idempotency-Key', description: MESSAGES.idempotencyKeyInvalid },
    ]);
  });

  it('a key belongs to one tenant and one endpoint: the same key elsewhere is a new request', async () => {
    const key = 'shared-key-1';
    const text = 'Mesma chave';
    expect((await post(key, { bot_id: bot, phone_number: '5511955551005', message: text })).statusCode).toBe(
      200,
    );
    const norte = await sandboxOf('admin', w.zonaNorte);
    const inNorte = await post(
      key,
      { bot_id: norte, phone_number: '5511955551005', message: text },
      w.zonaNorte,
    );
    expect(inNorte.statusCode, inNorte.body).toBe(200);
    const rhBot = await sandboxOf('rh', w.recrutamento);
    const inRh = await post(
      key,
      { bot_id: rhBot, phone_number: '5511955551005', message: text },
      w.recrutamento,
      'rh',
    );
    expect(inRh.statusCode, inRh.body).toBe(200);
    const stored = await w.t.database.db
      .select({ platformId: idempotencyKeys.platformId, endpoint: idempotencyKeys.endpoint })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(stored).toHaveLength(3);
    expect(inRh.json().data.filter((m: SimulatorMessage) => m.message === text)).toHaveLength(1);
  });

  it('a key is forgotten after 24 hours: used again it is a new request, and the nightly prune deletes it', async () => {
    const payload = { bot_id: bot, phone_number: '5511955551006', name: 'Rui', message: 'Ontem' };
    await post('old-key', payload);
    const dayAgo = new Date(Date.now() - (IDEMPOTENCY_KEY_TTL_HOURS * 60 + 1) * 60_000);
    const old = eq(idempotencyKeys.key, 'old-key');
    await w.t.database.db.update(idempotencyKeys).set({ createdAt: dayAgo }).where(old);
    expect((await post('old-key', { ...payload, message: 'Hoje' })).statusCode).toBe(200);
    expect(await fromContact(payload.phone_number, 'Hoje')).toHaveLength(1);
    await w.t.database.db.update(idempotencyKeys).set({ createdAt: dayAgo }).where(old);
    expect(await pruneIdempotencyKeys(w.t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await w.t.database.db.select().from(idempotencyKeys).where(old)).toEqual([]);
  });
});
