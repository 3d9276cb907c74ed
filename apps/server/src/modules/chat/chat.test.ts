import { MEDIA_MAX_BYTES } from '@vendaval/core/constants';
import { MESSAGES, SANDBOX_BOT, SUCCESS_MESSAGES } from '@vendaval/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Card, Person } from '../../../test/factories/cards.ts';
import { type ChatWorld, chatWorld, watchSandboxTemplates } from '../../../test/factories/chat.ts';
import { type ChannelAdapter, ChannelError } from '../../infra/channels/channel-adapter.ts';
import { chatMessages, dialogs } from '../../schema/chat.tables.ts';
import { markOutboundRead, sandboxConversation } from './chat.sandbox.ts';
import { chatDeps } from './chat.service.ts';

let w: ChatWorld;
let bot: number;
const sandbox = () => w.t.app.deps.channels.sandbox;
let realSandbox: ChannelAdapter;
beforeAll(async () => {
  w = await chatWorld();
  bot = await w.botId(w.centro);
  realSandbox = sandbox();
});
afterEach(() => {
  w.t.app.deps.channels.sandbox = realSandbox;
});
afterAll(() => w.t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const cardOf = (who: Person = 'atendente') => w.create(who, w.centro, { user_id: w.user[who] });
const open = (who: Person, card: Card, extra: Record<string, unknown> = {}) =>
  w.call(who, 'POST', w.centro, 'dialogs', {
    bot_id: bot,
    bot_name: SANDBOX_BOT.name,
    opportunity_id: card.id,
    message: 'Olá! Aqui é da escola.',
    keep_bot_on_dialog: false,
    ...extra,
  });
async function openRoom(who: Person, card: Card, extra: Record<string, unknown> = {}) {
  const res = await open(who, card, extra);
  expect(res.statusCode, res.body).toBe(200);
  await w.sent();
  return res.json().data as { id: number; user_id: number; closed_at: string | null; media_type: string };
}
const send = (who: Person, room: number, message_object: Record<string, unknown>) =>
  w.call(who, 'POST', w.centro, `dialogs/${room}/messages`, { dialog_id: room, message_object });
const messages = async (room: number, query = '') => {
  const res = await w.call('admin', 'GET', w.centro, `dialogs/${room}/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Record<string, unknown>[] & { id: number; remote_id: string; status: string }[];
    pagination: { total_count: number; limit: number; offset: number };
  };
};
const phoneOf = async (card: Card) =>
  ((await w.card(w.centro, card.id)).contact as { phone_number: string }).phone_number;

describe('POST /dialogs: opening a room', () => {
  it('CHAT-045 an empty message without a template cannot open a room', async () => {
    const card = await cardOf();
    const res = await open('atendente', card, { message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.emptyMessage);
    expect((await w.card(w.centro, card.id)).dialogs).toEqual([]);
  });

  it('a template variable typed by hand is filled with the card’s value; an unknown or lacking one is refused', async () => {
    const card = await w.create('atendente', w.centro, {
      user_id: w.user.atendente,
      contact: { name: 'Rita Prado', phone_number: w.phone() },
    });
    const withBody = (text: string, message: string) => ({
      message,
      template: {
        name: 'boas_vindas',
        language: 'pt_BR',
        components: [{ type: 'body', parameters: [{ type: 'text', text }] }],
      },
    });
    const unknown = await open('atendente', card, withBody('{{nome}}', 'Olá, {{nome}}!'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MESSAGES.unknownTemplateVariable('{{nome}}'));
    const lacking = await open('atendente', card, withBody('{{cidade}}', 'Olá, {{cidade}}!'));
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json().message).toBe(MESSAGES.templateVariableMissing('{{cidade}}'));
    expect((await w.card(w.centro, card.id)).dialogs).toEqual([]);

    const seen = watchSandboxTemplates(w, realSandbox);
    const room = await openRoom('atendente', card, withBody('{{ cliente }}', 'Olá, {{ cliente }}!'));
    expect(seen).toEqual([withBody('Rita Prado', '').template]);
    expect((await messages(room.id)).data.map((m) => m.message)).toEqual(['Olá, Rita Prado!']);
  });

  it('CHAT-046 CHAT-052 CHAT-095 the answer is the room; the first message goes out through the bot', async () => {
    const card = await cardOf();
    const room = await openRoom('atendente', card, { keep_bot_on_dialog: true });
    expect(room).toMatchObject({
      closed_at: null,
      user_id: w.user.atendente,
      user_name: 'Alice Atendente',
      bot_id: bot,
      bot_name: SANDBOX_BOT.name,
      media_type: 'WhatsappQrcode',
      keep_bot_on_dialog: true,
      opportunity: { id: card.id, name: card.name },
      unread_count: 0,
    });
    const got = await w.call('atendente', 'GET', w.centro, `dialogs/${room.id}`);
    expect(got.json().data).toMatchObject({ id: room.id, phone_number: await phoneOf(card) });
    const [first] = (await messages(room.id)).data;
    expect(first).toMatchObject({
      message: 'Olá! Aqui é da escola.',
      sender: 'user',
      user: { name: 'Alice Atendente' },
      status: 'sent',
      dialog: { id: room.id, opportunity_id: card.id, media_type: 'WhatsappQrcode', closed_at: null },
    });
    expect(first?.remote_id).toMatch(/^sandbox-/);
  });

  it('CHAT-095 one open room per card and bot: a second answers 409', async () => {
    const card = await cardOf();
    await openRoom('atendente', card);
    const again = await open('atendente', card);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.roomAlreadyOpen);
  });

  it('CHAT-095 a bot or card of another workspace answers 404, and nothing opens', async () => {
    const card = await cardOf();
    const northBot = await w.botId(w.zonaNorte);
    expect((await open('admin', card, { bot_id: northBot })).statusCode).toBe(404);
    const northCard = await w.create('admin', w.zonaNorte);
    expect((await open('admin', northCard)).statusCode).toBe(404);
    expect((await w.card(w.centro, card.id)).dialogs).toEqual([]);
  });

  it('CHAT-022 a salesRep cannot open a room on the card of another rep (404)', async () => {
    const card = await cardOf('bruno');
    expect((await open('atendente', card)).statusCode).toBe(404);
  });
});

describe('reading rooms', () => {
  it('CHAT-095 a room of another workspace or of another rep card answers 404', async () => {
    const room = await openRoom('atendente', await cardOf());
    expect((await w.call('admin', 'GET', w.zonaNorte, `dialogs/${room.id}`)).statusCode).toBe(404);
    expect((await w.call('admin', 'GET', w.zonaNorte, `dialogs/${room.id}/messages`)).statusCode).toBe(404);
    expect((await w.call('bruno', 'GET', w.centro, `dialogs/${room.id}`)).statusCode).toBe(404);
    expect((await w.call('bruno', 'GET', w.centro, `dialogs/${room.id}/messages`)).statusCode).toBe(404);
    expect((await w.call('gerente', 'GET', w.centro, `dialogs/${room.id}`)).statusCode).toBe(200);
  });

  it('CHAT-097 closing, reopening or reading a room of another workspace answers 404 and changes nothing', async () => {
    const card = await cardOf();
    const room = await openRoom('atendente', card);
    const reopen = { dialog_id: room.id, opportunity_id: card.id };
    expect((await w.call('admin', 'POST', w.zonaNorte, `dialogs/${room.id}/close`)).statusCode).toBe(404);
    expect((await w.call('admin', 'POST', w.zonaNorte, `dialogs/${room.id}/open`, reopen)).statusCode).toBe(
      404,
    );
    expect((await w.call('admin', 'POST', w.zonaNorte, `dialogs/${room.id}/read`)).statusCode).toBe(404);
    const foreignSend = await w.call('admin', 'POST', w.zonaNorte, `dialogs/${room.id}/messages`, {
      dialog_id: room.id,
      message_object: { message: 'Intrusa' },
    });
    expect(foreignSend.statusCode).toBe(404);
    expect((await w.call('bruno', 'POST', w.centro, `dialogs/${room.id}/close`)).statusCode).toBe(404);
    expect((await w.call('admin', 'GET', w.centro, `dialogs/${room.id}`)).json().data.closed_at).toBeNull();
    expect((await messages(room.id)).pagination.total_count).toBe(1);
  });

  const withOldChats = async (who: Person, workspaceId: number, id: number, flag = 'true') => {
    const res = await w.call(who, 'GET', workspaceId, `opportunities/${id}?show_old_chats=${flag}`);
    return { status: res.statusCode, card: res.json() };
  };

  it('OPP-138 PLAT-240 CHAT-007 the card answers its newest room; show_old_chats=true lists the older ones too, newest first; it says whether one is open, also in the list', async () => {
    const card = await cardOf();
    const first = await openRoom('atendente', card);
    await w.call('atendente', 'POST', w.centro, `dialogs/${first.id}/close`);
    const second = await openRoom('atendente', card);
    const newest = { id: second.id, bot_name: SANDBOX_BOT.name, user_id: w.user.atendente, closed_at: null };
    const detail = await w.card(w.centro, card.id);
    expect(detail.has_open_room).toBe(true);
    expect(detail.dialogs).toEqual([newest]);
    expect((await withOldChats('atendente', w.centro, card.id, 'false')).card.dialogs).toEqual([newest]);
    const all = await withOldChats('atendente', w.centro, card.id);
    expect(all.status).toBe(200);
    expect(all.card.dialogs).toEqual([
      newest,
      { id: first.id, bot_name: SANDBOX_BOT.name, user_id: w.user.atendente, closed_at: expect.any(String) },
    ]);
    const list = await w.call('admin', 'GET', w.centro, 'opportunities?limit=500');
    const item = (list.json().data as { id: number; has_open_room: boolean }[]).find((c) => c.id === card.id);
    expect(item?.has_open_room).toBe(true);
    await w.call('atendente', 'POST', w.centro, `dialogs/${second.id}/close`);
    expect((await w.card(w.centro, card.id)).has_open_room).toBe(false);
  });

  it('PLAT-240 show_old_chats keeps the card rules: another rep’s card and another workspace’s card are 404, a bad flag is 400', async () => {
    const card = await cardOf();
    await openRoom('atendente', card);
    expect((await withOldChats('bruno', w.centro, card.id)).status).toBe(404);
    const foreign = await withOldChats('admin', w.zonaNorte, card.id);
    expect(foreign.status).toBe(404);
    expect(foreign.card.dialogs).toBeUndefined();
    expect((await withOldChats('admin', w.centro, card.id, 'talvez')).status).toBe(400);
  });
});

describe('closing and reopening', () => {
  it('CHAT-097 OPP-143 OPP-225 closing and reopening write the room history entries', async () => {
    const card = await cardOf();
    const room = await openRoom('atendente', card);
    const closed = await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.closed_at).toEqual(expect.any(String));
    expect((await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/close`)).statusCode).toBe(409);
    const reopened = await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/open`, {
      dialog_id: room.id,
      opportunity_id: card.id,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.closed_at).toBeNull();
    const history = await w.history(w.centro, card.id);
    expect(history.slice(0, 2).map((e) => [e.type, e.data, e.user?.id])).toEqual([
      ['OpportunityRoomStatusReopened', { remote_id: room.id }, w.user.atendente],
      ['OpportunityRoomStatusClosed', { remote_id: room.id }, w.user.atendente],
    ]);
  });

  it('OPP-104 closing the card with trigger_room_status closes its open room too, logged', async () => {
    const card = await cardOf();
    const room = await openRoom('atendente', card);
    await w.addTask(w.centro, card.id);
    const objection = (await w.call('admin', 'GET', w.centro, 'objections')).json().data[0];
    const lost = await w.call('atendente', 'PUT', w.centro, `opportunities/${card.id}/close`, {
      data: { state_type: 'Lost', closed_type: objection.id, trigger_room_status: true },
    });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(
      (await w.call('admin', 'GET', w.centro, `dialogs/${room.id}`)).json().data.closed_at,
    ).not.toBeNull();
    expect(lost.json().has_open_room).toBe(false);
    const types = (await w.history(w.centro, card.id)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['OpportunityClosedLost', 'OpportunityRoomStatusClosed']));
  });

  it('OPP-140 OPP-141 a salesRep cannot close the room of another attendant; a manager can', async () => {
    const card = await cardOf();
    const room = await openRoom('gerente', card);
    const refused = await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/close`);
    expect(refused.statusCode).toBe(403);
    expect((await w.call('gerente', 'POST', w.centro, `dialogs/${room.id}/close`)).statusCode).toBe(200);
  });

  it('CHAT-049 reopening fails while a newer room of the card is open', async () => {
    const card = await cardOf();
    const old = await openRoom('atendente', card);
    await w.call('atendente', 'POST', w.centro, `dialogs/${old.id}/close`);
    await openRoom('atendente', card);
    const res = await w.call('atendente', 'POST', w.centro, `dialogs/${old.id}/open`, {
      dialog_id: old.id,
      opportunity_id: card.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.roomNotReopened);
  });

  it('CHAT-048 a reopen naming another card or room is refused', async () => {
    const card = await cardOf();
    const room = await openRoom('atendente', card);
    await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/close`);
    const other = await cardOf();
    const wrongCard = { dialog_id: room.id, opportunity_id: other.id };
    expect(
      (await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/open`, wrongCard)).statusCode,
    ).toBe(404);
    const wrongRoom = { dialog_id: room.id + 1, opportunity_id: card.id };
    expect(
      (await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/open`, wrongRoom)).statusCode,
    ).toBe(400);
  });
});

describe('who writes where', () => {
  it('CHAT-022 CHAT-023 a salesRep writes only in their own room or reopens a closed one; a manager writes anywhere', async () => {
    const card = await cardOf();
    const room = await openRoom('gerente', card);
    const refused = await send('atendente', room.id, { message: 'Posso ajudar?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.roomOfAnotherUser);
    expect((await send('gerente', room.id, { message: 'Sigo aqui' })).statusCode).toBe(200);
    await w.call('gerente', 'POST', w.centro, `dialogs/${room.id}/close`);
    expect((await send('atendente', room.id, { message: 'Oi' })).json().message).toBe(MESSAGES.roomIsClosed);
    const reopened = await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/open`, {
      dialog_id: room.id,
      opportunity_id: card.id,
    });
    expect(reopened.json().data.user_id).toBe(w.user.atendente);
    expect((await send('atendente', room.id, { message: 'Agora é comigo' })).statusCode).toBe(200);
  });
});

describe('GET /dialogs/:did/messages', () => {
  it('CHAT-008 CHAT-009 CHAT-014 CHAT-096 newest first, 20 a page by default, with the total and the replied message', async () => {
    const room = await openRoom('atendente', await cardOf());
    for (let i = 1; i <= 21; i++) await send('atendente', room.id, { message: `Mensagem ${i}` });
    const page = await messages(room.id);
    expect(page.pagination).toEqual({ total_count: 22, limit: 20, offset: 0 });
    expect(page.data).toHaveLength(20);
    expect(page.data[0]?.message).toBe('Mensagem 21');
    const rest = await messages(room.id, '?limit=20&offset=20');
    expect(rest.data.map((m) => m.message)).toEqual(['Mensagem 1', 'Olá! Aqui é da escola.']);
    expect((await messages(room.id, '?offset=40')).pagination.total_count).toBe(22);
    const tooMany = await w.call('admin', 'GET', w.centro, `dialogs/${room.id}/messages?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    const first = rest.data[1] as { id: number };
    const reply = await send('atendente', room.id, { message: 'Respondendo', parent_id: first.id });
    expect(reply.json().parent).toMatchObject({ id: first.id, message: 'Olá! Aqui é da escola.' });
    expect((await messages(room.id, '?limit=1')).data[0]?.parent).toMatchObject({ id: first.id });
  });
});

describe('POST /dialogs/:did/messages', () => {
  it('CHAT-028 CHAT-033 CHAT-096 a file goes as base64 (data: URL too), is stored, and is read through a signed link', async () => {
    const room = await openRoom('atendente', await cardOf());
    const res = await send('atendente', room.id, {
      message: 'Segue a foto',
      timestamp: Date.now(),
      file: { name: 'foto.png', base64File: `data:image/png;base64,${PNG.toString('base64')}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json();
    expect(message).toMatchObject({ message: 'Segue a foto', file: { mime: 'image/png', name: 'foto.png' } });
    await w.sent();
    expect((await messages(room.id, '?limit=1')).data[0]).toMatchObject({
      id: message.id,
      status: 'sent',
      remote_id: expect.stringMatching(/^sandbox-/),
    });
    const file = await w.t.call({ method: 'GET', url: message.file.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const forged = await w.t.call({
      method: 'GET',
      url: message.file.url.replace(/signature=[^&]+/, 'signature=abc'),
    });
    expect(forged.statusCode).toBe(404);
    const pdf = await send('atendente', room.id, {
      file: { name: 'boleto.pdf', base64File: PDF.toString('base64') },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const download = await w.t.call({ method: 'GET', url: pdf.json().file.url });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''boleto\.pdf$/);
  });

  it('CHAT-031 a file over 16 MB is refused', async () => {
    const room = await openRoom('atendente', await cardOf());
    const big = Buffer.alloc(MEDIA_MAX_BYTES + 1);
    PNG.copy(big);
    const res = await send('atendente', room.id, {
      file: { name: 'grande.png', base64File: big.toString('base64') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.fileTooLarge);
  });

  it('CHAT-019 the type is read from the bytes: html, svg and executables are refused whatever their name', async () => {
    const room = await openRoom('atendente', await cardOf());
    const files = [
      { name: 'foto.png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'logo.png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>') },
      { name: 'doc.pdf', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) },
    ];
    for (const file of files) {
      const res = await send('atendente', room.id, {
        file: { name: file.name, base64File: file.bytes.toString('base64') },
      });
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().message).toBe(MESSAGES.fileTypeNotAllowed);
    }
    expect((await messages(room.id)).pagination.total_count).toBe(1);
  });

  it('CHAT-013 a channel refusal fails the message at once with the reason', async () => {
    const room = await openRoom('atendente', await cardOf());
    const sandbox = w.t.app.deps.channels.sandbox;
    let calls = 0;
    w.t.app.deps.channels.sandbox = {
      channel: 'sandbox',
      send: async () => {
        calls++;
        throw new ChannelError('Número sem WhatsApp');
      },
    };
    try {
      const res = await send('atendente', room.id, { message: 'Vai falhar' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'pending', remote_id: null });
      await w.sent();
      expect((await messages(room.id, '?limit=1')).data[0]).toMatchObject({
        status: 'failed',
        error_message: 'Número sem WhatsApp',
        remote_id: null,
      });
      expect(calls).toBe(1);
    } finally {
      w.t.app.deps.channels.sandbox = sandbox;
    }
  });

  it('CHAT-013 a network error is retried by the job until the channel takes the message', async () => {
    const room = await openRoom('atendente', await cardOf());
    const sandbox = w.t.app.deps.channels.sandbox;
    let calls = 0;
    w.t.app.deps.channels.sandbox = {
      channel: 'sandbox',
      send: async (bot, message) => {
        calls++;
        if (calls === 1) throw new Error('connection reset');
        return sandbox.send(bot, message);
      },
    };
    try {
      const res = await send('atendente', room.id, { message: 'Na segunda tentativa' });
      await w.sent(30_000);
      expect((await messages(room.id, '?limit=1')).data[0]).toMatchObject({
        id: res.json().id,
        status: 'sent',
        error_message: null,
        remote_id: expect.stringMatching(/^sandbox-/),
      });
      expect(calls).toBe(2);
    } finally {
      w.t.app.deps.channels.sandbox = sandbox;
    }
  }, 40_000);

  it('CHAT-043 an attendant message takes the room over from the bot: keywords get no reply after it', async () => {
    const phone = `55${w.phone()}`;
    await w.inbound(w.centro, { from: phone, text: 'Oi' });
    const [room] = await w.roomsOf(phone);
    const id = room?.id as number;
    await send('admin', id, { message: 'Olá, sou a Ana' });
    const got = await w.call('admin', 'GET', w.centro, `dialogs/${id}`);
    expect(got.json().data.keep_bot_on_dialog).toBe(false);
    await w.inbound(w.centro, { from: phone, text: 'qual o preço?' });
    const bots = (await w.roomsOf(phone))[0]?.messages.filter((m) => m.sender === 'bot');
    expect(bots).toHaveLength(1);
  });
});

describe('POST /dialogs/:did/read', () => {
  it('CHAT-017 the attendant reads the room: contact messages become Read, nothing is unread, the phone sees it', async () => {
    const phone = `55${w.phone()}`;
    await w.inbound(w.centro, { from: phone, text: 'Oi' });
    await w.inbound(w.centro, { from: phone, text: 'Tem alguém aí?' });
    const id = (await w.roomsOf(phone))[0]?.id as number;
    expect((await w.call('admin', 'GET', w.centro, `dialogs/${id}`)).json().data.unread_count).toBe(2);
    const before = w.published.length;
    const res = await w.call('admin', 'POST', w.centro, `dialogs/${id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.unread_count).toBe(0);
    expect(w.published.slice(before).map((e) => e.type)).toEqual(['message.updated', 'dialog.updated']);
    const seen = await sandboxConversation(
      chatDeps(w.t.app.deps),
      { platformId: 1000, workspaceId: w.centro },
      bot,
      phone,
    );
    expect(seen.filter((m) => m.from_contact).map((m) => m.status)).toEqual(['Read', 'Read']);
  });
});

describe('the sandbox phone', () => {
  it('CHAT-016 CHAT-017 fetching delivers our messages; the contact reading them marks them Read', async () => {
    const card = await cardOf();
    const room = await openRoom('atendente', card);
    const phone = await phoneOf(card);
    const scope = { platformId: 1000, workspaceId: w.centro };
    const seen = await sandboxConversation(chatDeps(w.t.app.deps), scope, bot, phone);
    expect(seen).toEqual([
      expect.objectContaining({
        from_contact: false,
        message: 'Olá! Aqui é da escola.',
        author: 'Alice Atendente',
      }),
    ]);
    expect((await messages(room.id)).data[0]?.status).toBe('Delivered');
    expect(await markOutboundRead(chatDeps(w.t.app.deps), scope, bot, phone)).toBe(1);
    expect((await messages(room.id)).data[0]?.status).toBe('Read');
  });

  it('CHAT-001 the demo workspace starts with conversations on its board, one waiting for an answer', async () => {
    const list = await w.call('admin', 'GET', w.centro, 'opportunities?limit=500');
    const withRoom = (list.json().data as { id: number; has_open_room: boolean }[]).filter(
      (c) => c.has_open_room,
    );
    expect(withRoom.length).toBeGreaterThanOrEqual(3);
    const rooms = await w.t.database.db.select().from(dialogs).where(eq(dialogs.workspaceId, w.centro));
    const waiting = rooms.find((r) => r.unreadCount > 0);
    expect(waiting).toBeDefined();
    const page = await messages(waiting?.id as number);
    expect(page.data[0]).toMatchObject({ sender: 'contact', status: 'Delivered' });
  });

  it('CHAT-099 a new workspace starts with its sandbox bot', async () => {
    const created = await w.t.call({
      method: 'POST',
      url: '/api/v1/users/self/workspaces',
      token: await w.t.login('admin@demo.local'),
      payload: { name: 'Escola Leste' },
    });
    const bots = await w.call('admin', 'GET', created.json().id, 'bots');
    expect(bots.json().data).toEqual([
      expect.objectContaining({
        name: SANDBOX_BOT.name,
        channel: 'sandbox',
        is_whatsapp_qr_code_connected: true,
      }),
    ]);
  });
});

describe('DELETE /dialogs/:did/messages/:remoteId', () => {
  it('CHAT-088 CHAT-091 CHAT-092 CHAT-098 an attendant message is deleted for everyone and keeps its row', async () => {
    const room = await openRoom('atendente', await cardOf());
    const [first] = (await messages(room.id)).data;
    const res = await w.call(
      'atendente',
      'DELETE',
      w.centro,
      `dialogs/${room.id}/messages/${first?.remote_id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.messageDeleted });
    expect((await messages(room.id)).data[0]).toMatchObject({
      id: first?.id,
      is_deleted: true,
      message: null,
    });
  });

  it('CHAT-088 a contact message cannot be deleted; an unknown one answers 404', async () => {
    const phone = `55${w.phone()}`;
    await w.inbound(w.centro, { from: phone, text: 'Oi', remoteId: `wamid.del-${phone}` });
    const id = (await w.roomsOf(phone))[0]?.id as number;
    const res = await w.call('admin', 'DELETE', w.centro, `dialogs/${id}/messages/wamid.del-${phone}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.messageNotDeletable);
    expect((await w.call('admin', 'DELETE', w.centro, `dialogs/${id}/messages/nada`)).statusCode).toBe(404);
  });

  it('CHAT-022 a salesRep cannot delete in the room of another attendant', async () => {
    const room = await openRoom('gerente', await cardOf());
    const [first] = (await messages(room.id)).data;
    const res = await w.call(
      'atendente',
      'DELETE',
      w.centro,
      `dialogs/${room.id}/messages/${first?.remote_id}`,
    );
    expect(res.statusCode).toBe(403);
    expect((await messages(room.id)).data[0]?.is_deleted).toBe(false);
  });

  it('CHAT-090 a message 48 hours old cannot be deleted', async () => {
    const room = await openRoom('atendente', await cardOf());
    const [first] = (await messages(room.id)).data;
    const old = new Date(Date.now() - 48 * 60 * 60 * 1000 - 1000);
    await w.t.database.db
      .update(chatMessages)
      .set({ sentAt: old })
      .where(eq(chatMessages.id, first?.id as number));
    const res = await w.call(
      'atendente',
      'DELETE',
      w.centro,
      `dialogs/${room.id}/messages/${first?.remote_id}`,
    );
    expect(res.statusCode).toBe(400);
  });

  it('CHAT-098 a message of another workspace room answers 404', async () => {
    const room = await openRoom('atendente', await cardOf());
    const [first] = (await messages(room.id)).data;
    const res = await w.call(
      'admin',
      'DELETE',
      w.zonaNorte,
      `dialogs/${room.id}/messages/${first?.remote_id}`,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('WhatsApp Business rooms', () => {
  let waBot: number;
  const sent: unknown[] = [];
  beforeAll(async () => {
    const { insertBot } = await import('../bots/bots.queries.ts');
    const row = await insertBot(
      w.t.database.db,
      { platformId: 1000, workspaceId: w.centro },
      {
        name: 'WhatsApp Escola',
        channel: 'whatsapp_cloud',
        waPhoneNumberId: '1234567890',
        waAccessToken: 'token',
      },
    );
    waBot = row.id;
    let n = 0;
    w.t.app.deps.channels.whatsapp_cloud = {
      channel: 'whatsapp_cloud',
      send: async (_bot, message) => {
        sent.push(message);
        return { remoteId: `wamid.cloud-${++n}` };
      },
    };
  });

  const template = { name: 'boas_vindas', language: 'pt_BR', components: [] };

  it('CHAT-050 outside the 24-hour window only a template opens a room; plain messages and reopening name WhatsApp Business', async () => {
    const card = await cardOf();
    const plain = await open('atendente', card, { bot_id: waBot });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toContain('WhatsApp Business');
    const room = await openRoom('atendente', card, { bot_id: waBot, message: undefined, template });
    expect(room.media_type).toBe('WhatsappWaba');
    expect(sent.at(-1)).toMatchObject({ template });
    const text = await send('atendente', room.id, { message: 'Oi' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toContain('WhatsApp Business');
    await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/close`);
    const reopen = await w.call('atendente', 'POST', w.centro, `dialogs/${room.id}/open`, {
      dialog_id: room.id,
      opportunity_id: card.id,
    });
    expect(reopen.statusCode).toBe(400);
    expect(reopen.json().message).toContain('WhatsApp Business');
  });

  it('CHAT-050 within 24 hours of the contact message, plain messages go out', async () => {
    const card = await cardOf();
    const room = await openRoom('atendente', card, { bot_id: waBot, message: undefined, template });
    await w.t.database.db
      .update(dialogs)
      .set({ lastInboundAt: new Date(Date.now() - 60_000) })
      .where(eq(dialogs.id, room.id));
    const res = await send('atendente', room.id, { message: 'Respondendo a tempo' });
    expect(res.statusCode, res.body).toBe(200);
    await w.sent();
    expect((await messages(room.id, '?limit=1')).data[0]).toMatchObject({
      status: 'sent',
      remote_id: expect.stringMatching(/^wamid\.cloud-/),
    });
  });

  it('CHAT-047 CHAT-069 a template media header travels as a checked file; a disguised one is refused', async () => {
    const withFile = (bytes: Buffer) => ({
      name: 'promo',
      language: 'pt_BR',
      components: [
        {
          type: 'header',
          parameters: [{ type: 'image', file: { name: 'promo.png', base64File: bytes.toString('base64') } }],
        },
        { type: 'body', parameters: [{ type: 'text', text: 'Maria' }] },
      ],
    });
    const refused = await open('atendente', await cardOf(), {
      bot_id: waBot,
      message: 'Olá Maria',
      template: withFile(Buffer.from('<html></html>')),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.fileTypeNotAllowed);
    await openRoom('atendente', await cardOf(), {
      bot_id: waBot,
      message: 'Olá Maria',
      header: 'Promoção',
      template: withFile(PNG),
    });
    expect(sent.at(-1)).not.toHaveProperty('text');
    expect(sent.at(-1)).toMatchObject({
      template: { name: 'promo' },
      templateFiles: [{ name: 'promo.png', mime: 'image/png' }],
    });
    // The file waits in storage for the send job; its base64 does not ride in the job.
    expect(JSON.stringify((sent.at(-1) as { template: unknown }).template)).not.toContain(
      PNG.toString('base64'),
    );
  });

  it('CHAT-089 a message in a WhatsApp Business room cannot be deleted', async () => {
    const room = await openRoom('atendente', await cardOf(), { bot_id: waBot, message: undefined, template });
    const [first] = (await messages(room.id)).data;
    const res = await w.call(
      'atendente',
      'DELETE',
      w.centro,
      `dialogs/${room.id}/messages/${first?.remote_id}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.messageNotDeletable);
  });
});
