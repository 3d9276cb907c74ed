import { MESSAGES, SANDBOX_BOT } from '@vendaval/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatWorld, chatWorld, nextRemoteId } from '../../../test/factories/chat.ts';
import { dialogs } from '../../schema/chat.tables.ts';

let w: ChatWorld;
beforeAll(async () => {
  w = await chatWorld();
});
afterAll(() => w.t.close());

/** A new number in E.164 digits, as the channel sends it. */
const number = () => `55${w.phone()}`;

describe('receiveInbound: a contact writes', () => {
  it('CHAT-021 a new number gets a contact, an Imbot card in the First stage handed out in turn, an open room and the greeting', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, contactName: 'Marina Souza', text: 'Oi, bom dia' });
    const [room, ...others] = await w.roomsOf(phone);
    expect(others).toHaveLength(0);
    expect(room).toMatchObject({
      closedAt: null,
      unreadCount: 1,
      mediaType: 'WhatsappQrcode',
      keepBotOnDialog: true,
    });
    expect(room?.lastInboundAt).toBeInstanceOf(Date);
    expect(room?.messages.map((m) => [m.sender, m.message, m.status])).toEqual([
      ['contact', 'Oi, bom dia', 'Delivered'],
      ['bot', SANDBOX_BOT.greeting, 'sent'],
    ]);
    expect(room?.messages[1]?.remoteId).toMatch(/^sandbox-/);
    const card = await w.card(w.centro, room?.opportunityId as number);
    const first = await w.stage(w.centro, 'First');
    expect(card).toMatchObject({
      name: 'Marina Souza',
      source_type: 'Imbot',
      sales_stage_id: first.id,
      state_type: 'Open',
      contact: { name: 'Marina Souza', phone_number: phone },
    });
    expect([w.user.atendente, w.user.bruno]).toContain(card.user_id);
    expect(room?.userId).toBe(card.user_id);
    const history = await w.history(w.centro, card.id);
    expect(history.map((e) => [e.type, e.user])).toEqual([['OpportunityCreated', null]]);
    const types = w.published.filter((e) => e.data.opportunity_id === card.id).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['opportunity.created', 'message.created', 'dialog.updated', 'message.updated']),
    );
    expect(w.published.find((e) => e.type === 'message.created' && e.data.inbound)?.data).toMatchObject({
      dialog_id: room?.id,
      opportunity_id: card.id,
    });
  });

  it('CHAT-021 new numbers are distributed in turn among the Working sales reps', async () => {
    const owners = [];
    for (let i = 0; i < 2; i++) {
      const phone = number();
      await w.inbound(w.centro, { from: phone, text: 'Olá' });
      owners.push((await w.roomsOf(phone))[0]?.userId);
    }
    expect(new Set(owners)).toEqual(new Set([w.user.atendente, w.user.bruno]));
  });

  it('CHAT-021 a contact without a name from the channel is named by the number', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, text: 'Olá' });
    const [room] = await w.roomsOf(phone);
    expect((await w.card(w.centro, room?.opportunityId as number)).name).toBe(phone);
  });

  it('CHAT-018 a repeated delivery of the same message changes nothing', async () => {
    const phone = number();
    const remoteId = nextRemoteId();
    await w.inbound(w.centro, { from: phone, remoteId, text: 'Primeira' });
    await w.inbound(w.centro, { from: phone, remoteId, text: 'Primeira' });
    const rooms = await w.roomsOf(phone);
    expect(rooms).toHaveLength(1);
    expect(rooms[0]?.messages.filter((m) => m.sender === 'contact')).toHaveLength(1);
    expect(rooms[0]?.unreadCount).toBe(1);
  });

  it('CHAT-001 a late delivery of an older message does not move the room clock back', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, text: 'Agora' });
    const before = (await w.roomsOf(phone))[0];
    await w.inbound(w.centro, { from: phone, text: 'Ontem', sentAt: new Date(Date.now() - 86_400_000) });
    const after = (await w.roomsOf(phone))[0];
    expect(after?.lastInboundAt).toEqual(before?.lastInboundAt);
    expect(after?.unreadCount).toBe(2);
  });

  it('CHAT-018 the same message delivered twice at once is stored once, in one room', async () => {
    const phone = number();
    const remoteId = nextRemoteId();
    await Promise.all([
      w.inbound(w.centro, { from: phone, remoteId, text: 'Duplicada' }),
      w.inbound(w.centro, { from: phone, remoteId, text: 'Duplicada' }),
    ]);
    const rooms = await w.roomsOf(phone);
    expect(rooms).toHaveLength(1);
    expect(rooms[0]?.messages.filter((m) => m.sender === 'contact')).toHaveLength(1);
  });

  it('CHAT-021 the next message of a known number goes to its open room, without a new greeting', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, text: 'Um' });
    await w.inbound(w.centro, { from: phone, text: 'Dois' });
    const [room, ...others] = await w.roomsOf(phone);
    expect(others).toHaveLength(0);
    expect(room?.unreadCount).toBe(2);
    expect(room?.messages.filter((m) => m.sender === 'bot')).toHaveLength(1);
  });

  it('CHAT-021 a known contact with an open card gets a room on that card, owned by its responsible', async () => {
    const phone = number();
    const card = await w.create('gerente', w.centro, {
      user_id: w.user.gerente,
      contact: { name: 'Paulo Lima', phone_number: phone },
    });
    await w.inbound(w.centro, { from: phone, text: 'Tenho uma dúvida' });
    const [room] = await w.roomsOf(phone);
    expect(room).toMatchObject({ opportunityId: card.id, userId: w.user.gerente });
    expect(room?.messages.map((m) => m.sender)).toEqual(['contact']);
  });

  it('CHAT-021 a contact whose cards are all closed gets a new card', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, text: 'Oi' });
    const [first] = await w.roomsOf(phone);
    const cardId = first?.opportunityId as number;
    await w.addTask(w.centro, cardId);
    const objection = (await w.call('admin', 'GET', w.centro, 'objections')).json().data[0];
    const lost = await w.call('admin', 'PUT', w.centro, `opportunities/${cardId}/close`, {
      data: { state_type: 'Lost', closed_type: objection.id },
    });
    expect(lost.statusCode, lost.body).toBe(200);
    await w.t.database.db
      .update(dialogs)
      .set({ closedAt: new Date() })
      .where(eq(dialogs.id, first?.id as number));
    await w.inbound(w.centro, { from: phone, text: 'Voltei' });
    const rooms = await w.roomsOf(phone);
    expect(rooms).toHaveLength(2);
    expect(rooms[1]?.opportunityId).not.toBe(cardId);
    expect((await w.card(w.centro, rooms[1]?.opportunityId as number)).source_type).toBe('Imbot');
  });
});

describe('receiveInbound: the bot answers keywords', () => {
  it('CHAT-043 while the bot stays in the room, a keyword (any case, any accent, whole word) gets its reply', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, text: 'Oi' });
    await w.inbound(w.centro, { from: phone, text: 'Qual o PRECO do curso?' });
    await w.inbound(w.centro, { from: phone, text: 'Que preçoso' });
    await w.inbound(w.centro, { from: phone, text: 'e o Horário?' });
    const [room] = await w.roomsOf(phone);
    const replies = room?.messages.filter((m) => m.sender === 'bot').map((m) => m.message);
    expect(replies).toEqual([
      SANDBOX_BOT.greeting,
      SANDBOX_BOT.keywordReplies[0].reply,
      SANDBOX_BOT.keywordReplies[1].reply,
    ]);
    expect(room?.messages.find((m) => m.sender === 'bot')?.botName).toBe(SANDBOX_BOT.name);
  });
});

describe('receiveInbound: statuses of our messages', () => {
  it('CHAT-015 CHAT-016 CHAT-017 statuses only move forward: sent → Delivered → Read', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, text: 'Oi' });
    const greeting = (await w.roomsOf(phone))[0]?.messages[1];
    const remoteId = greeting?.remoteId as string;
    const statusOf = async () => (await w.roomsOf(phone))[0]?.messages[1]?.status;
    await w.status(w.centro, { remoteId, status: 'Delivered' });
    expect(await statusOf()).toBe('Delivered');
    await w.status(w.centro, { remoteId, status: 'Read' });
    await w.status(w.centro, { remoteId, status: 'Delivered' });
    await w.status(w.centro, { remoteId, status: 'failed', error: 'x' });
    expect(await statusOf()).toBe('Read');
  });

  it('CHAT-013 a failure reported by the channel keeps its reason', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, text: 'Oi' });
    const remoteId = (await w.roomsOf(phone))[0]?.messages[1]?.remoteId as string;
    await w.status(w.centro, { remoteId, status: 'failed', error: 'Número sem WhatsApp' });
    expect((await w.roomsOf(phone))[0]?.messages[1]).toMatchObject({
      status: 'failed',
      errorMessage: 'Número sem WhatsApp',
    });
  });

  it('CHAT-013 a status of another workspace bot message is ignored', async () => {
    const phone = number();
    await w.inbound(w.centro, { from: phone, text: 'Oi' });
    const remoteId = (await w.roomsOf(phone))[0]?.messages[1]?.remoteId as string;
    await w.status(w.zonaNorte, { remoteId, status: 'Read' });
    expect((await w.roomsOf(phone))[0]?.messages[1]?.status).toBe('sent');
  });
});

describe('receiveInbound: files', () => {
  it('CHAT-019 a contact file is stored when its bytes are of an allowed type, refused otherwise', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const phone = number();
    await w.inbound(w.centro, { from: phone, file: { name: '../foto.png', mime: 'image/png', bytes: png } });
    await w.inbound(w.centro, {
      from: phone,
      text: 'veja',
      file: { name: 'x.html', mime: 'text/html', bytes: Buffer.from('<html><script>1</script></html>') },
    });
    const [room] = await w.roomsOf(phone);
    const [image, , refused] = room?.messages ?? [];
    expect(image).toMatchObject({ fileMime: 'image/png', fileName: 'foto.png' });
    expect(image?.fileKey).toMatch(/^chat\/1000\/\d+\/[a-f0-9-]+\.png$/);
    expect(refused).toMatchObject({
      fileKey: null,
      message: 'veja',
      errorMessage: MESSAGES.fileTypeNotAllowed,
    });
  });
});
