import type { SimulatorMessage } from '@vendaval/core/schemas/chat';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardsWorld, type Person, type World } from '../opportunities/opportunities.fixtures.ts';

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
