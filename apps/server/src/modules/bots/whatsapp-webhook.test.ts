import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { eventually } from '../../../test/factories/webhooks.ts';
import { type GraphApi, PHONE_ID, startGraphApi, webhookPayload } from '../../../test/graph-api.ts';
import { RH_HOST } from '../../../test/test-app.ts';
import { chatMessages, dialogs } from '../../schema/chat.tables.ts';

const APP_SECRET = 'meta-app-secret';
const VERIFY_TOKEN = 'token-de-verificacao';
const GREETING = 'Olá! Já vamos te atender.';

let w: World;
let graph: GraphApi;
let dataDir: string;
let botId: number;
let sandboxId: number;

beforeAll(async () => {
  graph = await startGraphApi();
  dataDir = await mkdtemp(join(tmpdir(), 'vendaval-wa-'));
  w = await cardsWorld({ config: { whatsappApiBaseUrl: graph.baseUrl, dataDir } });
  const res = await w.call('admin', 'POST', w.centro, 'digital-employees', {
    name: 'WhatsApp Oficial',
    channel: 'whatsapp_cloud',
    greeting: GREETING,
    whatsapp: {
      phone_number_id: PHONE_ID,
      business_account_id: '102290129340398',
      access_token: graph.token,
      app_secret: APP_SECRET,
      verify_token: VERIFY_TOKEN,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  botId = res.json().id;
  const sandbox = await w.call('admin', 'POST', w.centro, 'digital-employees', {
    name: 'Sim',
    channel: 'sandbox',
  });
  sandboxId = sandbox.json().id;
});
afterAll(async () => {
  await w.t.close();
  await graph.close();
  await rm(dataDir, { recursive: true, force: true });
});

const url = (id = botId) => `/api/v1/channels/whatsapp/${id}/webhook`;
const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function post(body: string, signature: string | undefined, host?: string) {
  return w.t.call({
    method: 'POST',
    url: url(),
    host,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: body,
  });
}

let numbers = 0;
const newNumber = () => `5511966${String(100000 + ++numbers)}`;
let wamids = 0;
const wamid = () => `wamid.HBgNNTUxMTk${++wamids}`;

/** Meta's timestamp (seconds) of a message sent `hoursAgo` hours ago. */
const sentAgo = (hoursAgo: number) => String(Math.floor(Date.now() / 1000 - hoursAgo * 3600));

const textFrom = (from: string, text: string, id = wamid(), timestamp = sentAgo(0)) =>
  JSON.stringify(
    webhookPayload({
      contacts: [{ profile: { name: 'Joana Lima' }, wa_id: from }],
      messages: [{ from, id, timestamp, type: 'text', text: { body: text } }],
    }),
  );

async function messagesOf(phone: string) {
  const { db } = w.t.database;
  const [room] = await db.select().from(dialogs).where(eq(dialogs.phoneNumber, phone));
  if (!room) return [];
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.dialogId, room.id))
    .orderBy(asc(chatMessages.id));
}

describe('WhatsApp webhook verification (GET)', () => {
  const query = (token: string) =>
    `?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;

  it("answers hub.challenge as text/plain to the bot's verify token", async () => {
    const res = await w.t.call({ method: 'GET', url: `${url()}${query(VERIFY_TOKEN)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('1158201444');
  });

  it('refuses a wrong token or mode with 403', async () => {
    expect((await w.t.call({ method: 'GET', url: `${url()}${query('outro')}` })).statusCode).toBe(403);
    const unsubscribe = `${url()}?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`;
    expect((await w.t.call({ method: 'GET', url: unsubscribe })).statusCode).toBe(403);
  });

  it('a sandbox bot, an unknown bot or a bot of another platform (by host) answers 404', async () => {
    for (const [id, host] of [
      [sandboxId, undefined],
      [999999, undefined],
      [botId, RH_HOST],
    ] as const) {
      const res = await w.t.call({ method: 'GET', url: `${url(id)}${query(VERIFY_TOKEN)}`, host });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('1158201444');
    }
  });
});

describe('WhatsApp webhook events (POST)', () => {
  it('CHAT-052 a signed message lands in a room, and the greeting goes out through the Cloud API', async () => {
    const phone = newNumber();
    const body = textFrom(phone, 'Oi, quero saber das matrículas');
    const res = await post(body, sign(body));
    expect(res.statusCode, res.body).toBe(200);
    const messages = await eventually(async () => {
      const found = await messagesOf(phone);
      return found.some((m) => m.sender === 'bot' && m.status === 'sent') ? found : undefined;
    });
    expect(messages.map((m) => [m.sender, m.message])).toEqual([
      ['contact', 'Oi, quero saber das matrículas'],
      ['bot', GREETING],
    ]);
    expect(messages[1]?.remoteId).toMatch(/^wamid\.TEST/);
    expect(graph.problems).toEqual([]);
    const sent = graph.requests.filter((r) => r.path === `/${PHONE_ID}/messages`).at(-1);
    expect(sent?.body).toMatchObject({ to: phone, type: 'text', text: { body: GREETING } });
    const [room] = await w.t.database.db.select().from(dialogs).where(eq(dialogs.phoneNumber, phone));
    expect(room).toMatchObject({ mediaType: 'WhatsappWaba', botId });
  });

  it("the 24-hour window: a new contact's message older than 24 hours gets no greeting as free text", async () => {
    const phone = newNumber();
    const sendsBefore = graph.requests.filter((r) => r.path === `/${PHONE_ID}/messages`).length;
    const late = textFrom(phone, 'Mandei ontem, chegou agora', wamid(), sentAgo(25));
    expect((await post(late, sign(late))).statusCode).toBe(200);
    const messages = await eventually(async () => {
      const found = await messagesOf(phone);
      return found.length ? found : undefined;
    });
    expect(messages.map((m) => m.sender)).toEqual(['contact']);
    // A fresh message of the same contact opens the window again; the greeting was for a new contact only.
    const fresh = textFrom(phone, 'Oi de novo');
    expect((await post(fresh, sign(fresh))).statusCode).toBe(200);
    await eventually(async () => ((await messagesOf(phone)).length === 2 ? true : undefined));
    expect((await messagesOf(phone)).map((m) => m.sender)).toEqual(['contact', 'contact']);
    expect(graph.requests.filter((r) => r.path === `/${PHONE_ID}/messages`).length).toBe(sendsBefore);
  });

  /** A new contact's greeting, sent through the Cloud API: a message of ours with its wamid. */
  async function greetingTo(phone: string) {
    const body = textFrom(phone, 'Olá');
    await post(body, sign(body));
    return eventually(async () => (await messagesOf(phone)).find((m) => m.sender === 'bot' && m.remoteId));
  }
  const statuses = (list: object[]) => JSON.stringify(webhookPayload({ statuses: list }));
  const status = (id: string | null, recipient: string, value: string, extra: object = {}) => ({
    id,
    status: value,
    timestamp: '1732350100',
    recipient_id: recipient,
    ...extra,
  });

  it('CHAT-052 status callbacks reach the message: delivered, then read', async () => {
    const phone = newNumber();
    const greeting = await greetingTo(phone);
    const delivered = statuses([status(greeting.remoteId, phone, 'delivered')]);
    expect((await post(delivered, sign(delivered))).statusCode).toBe(200);
    await eventually(async () =>
      (await messagesOf(phone)).find((m) => m.id === greeting.id && m.status === 'Delivered'),
    );
    const read = statuses([status(greeting.remoteId, phone, 'read')]);
    await post(read, sign(read));
    await eventually(async () =>
      (await messagesOf(phone)).find((m) => m.id === greeting.id && m.status === 'Read'),
    );
  });

  it("CHAT-052 a failed status marks the message failed with Meta's reason", async () => {
    const phone = newNumber();
    const greeting = await greetingTo(phone);
    const failed = statuses([
      status(greeting.remoteId, phone, 'failed', {
        errors: [
          {
            code: 131047,
            title: 'Re-engagement message',
            message: 'Re-engagement message',
            error_data: { details: 'More than 24 hours have passed since the recipient last replied.' },
          },
        ],
      }),
    ]);
    await post(failed, sign(failed));
    const row = await eventually(async () =>
      (await messagesOf(phone)).find((m) => m.id === greeting.id && m.status === 'failed'),
    );
    expect(row.errorMessage).toContain('WhatsApp Business');
    expect(row.errorMessage).toContain('More than 24 hours');
  });

  it('CHAT-052 a contact file is downloaded from the Graph API and kept with the message', async () => {
    const phone = newNumber();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    graph.media.set('778899', { bytes: png, mime: 'image/png' });
    const body = JSON.stringify(
      webhookPayload({
        contacts: [{ profile: { name: 'Joana' }, wa_id: phone }],
        messages: [
          {
            from: phone,
            id: wamid(),
            timestamp: '1732350000',
            type: 'image',
            image: { id: '778899', mime_type: 'image/png', sha256: 'x', caption: 'Meu comprovante' },
          },
        ],
      }),
    );
    expect((await post(body, sign(body))).statusCode).toBe(200);
    const message = await eventually(async () =>
      (await messagesOf(phone)).find((m) => m.sender === 'contact'),
    );
    expect(message).toMatchObject({ message: 'Meu comprovante', fileMime: 'image/png' });
    expect(message.fileKey).toBeTruthy();
    expect(graph.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/778899', '/download/778899']),
    );
  });

  it('the same call delivered twice files the message once', async () => {
    const phone = newNumber();
    const body = textFrom(phone, 'Repetida');
    await post(body, sign(body));
    await post(body, sign(body));
    const other = textFrom(phone, 'Depois');
    await post(other, sign(other));
    const messages = await eventually(async () => {
      const found = await messagesOf(phone);
      return found.some((m) => m.message === 'Depois') ? found : undefined;
    });
    expect(messages.filter((m) => m.message === 'Repetida')).toHaveLength(1);
  });

  it('refuses a wrong secret, a missing header and a tampered body with 401, and files nothing', async () => {
    const phone = newNumber();
    const body = textFrom(phone, 'Não deveria entrar');
    const wrong = await post(body, sign(body, 'outro-segredo'));
    expect(wrong.statusCode).toBe(401);
    const missing = await post(body, undefined);
    expect(missing.statusCode).toBe(401);
    const tampered = await post(body.replace('Não deveria', 'Também não'), sign(body));
    expect(tampered.statusCode).toBe(401);
    const rhHost = await post(body, sign(body), RH_HOST);
    expect(rhHost.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await messagesOf(phone)).toEqual([]);
  });
});
