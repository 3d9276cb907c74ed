import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import type { BatchMessage, BatchMessageDetail } from '@vendaval/core/schemas/batch-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Card, Person } from '../../../test/factories/cards.ts';
import { type ChatWorld, chatWorld, watchSandboxTemplates } from '../../../test/factories/chat.ts';
import type { ChannelAdapter } from '../../infra/channels/channel-adapter.ts';
import type { JobContext } from '../../infra/jobs.ts';
import { batchMessageRecipients, batchMessages } from '../../schema/batch-messages.tables.ts';
import { chatMessages } from '../../schema/chat.tables.ts';
import { historyLogs } from '../../schema/history.tables.ts';
import { insertBot, replaceTemplates } from '../bots/bots.queries.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import { type BatchDeps, runBatchJob } from './batch-messages.service.ts';

let w: ChatWorld;
let bot: number;
let realSandbox: ChannelAdapter;
const sandbox = () => w.t.app.deps.channels.sandbox;
beforeAll(async () => {
  w = await chatWorld();
  bot = await w.botId(w.centro);
  realSandbox = sandbox();
});
afterEach(() => {
  w.t.app.deps.channels.sandbox = realSandbox;
});
afterAll(() => w.t.close());

/** The sandbox demo template 'boas_vindas' with the batch placeholders in its body (CHAT-063). */
const template = {
  name: 'boas_vindas',
  language: 'pt_BR',
  components: [{ type: 'body', parameters: [{ type: 'text', text: '{{name}} de {{city}}' }] }],
};

/** A stage of its own, so a filter on it reaches only the cards a test puts there. */
async function freshStage() {
  const [stage] = await w.addStages(w.centro, [{ name: `Disparo ${w.phone()}`, type: 'PreSale' }]);
  if (!stage) throw new Error('no stage');
  return stage.id;
}

async function cardIn(
  stageId: number,
  contact: Record<string, unknown> = {},
  owner: Person = 'atendente',
): Promise<Card> {
  return w.create('gerente', w.centro, {
    sales_stage_id: stageId,
    user_id: w.user[owner],
    contact: { name: 'Maria Souza', phone_number: w.phone(), city_name: 'Campinas', ...contact },
  });
}

const create = (who: Person, stageId: number, extra: Record<string, unknown> = {}) =>
  w.call(who, 'POST', w.centro, 'batch-messages', {
    title: 'Campanha de matrícula',
    bot_id: bot,
    template,
    message: 'Olá {{name}}, de {{city}}!',
    filter: { sales_stage_id: [stageId] },
    ...extra,
  });

async function created(stageId: number, extra: Record<string, unknown> = {}) {
  const res = await create('gerente', stageId, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BatchMessage;
}

const detail = async (id: number, who: Person = 'admin') => {
  const res = await w.call(who, 'GET', w.centro, `batch-messages/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BatchMessageDetail;
};

async function settled(id: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await detail(id);
    if (batch.status === 'completed' || batch.status === 'cancelled') return batch;
    if (Date.now() > deadline) throw new Error(`batch ${id} still ${batch.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const phoneOf = async (card: Card) =>
  ((await w.card(w.centro, card.id)).contact as { phone_number: string }).phone_number;

/** One attempt of a job of its own, as pg-boss hands it to the handler. */
const attempt = (): JobContext => ({
  id: randomUUID(),
  retryCount: 0,
  isLastAttempt: false,
  signal: new AbortController().signal,
});

const jobDeps = (): BatchDeps => {
  const { db, jobs, events, channels } = w.t.app.deps;
  return { db, jobs, events, channels, stepPauseMs: 0 };
};

describe('batch messages: creation and reading', () => {
  it('CHAT-101 PLAT-096 a manager creates a batch; it is listed and read by id with its recipients', async () => {
    const stage = await freshStage();
    const [a, b] = [await cardIn(stage), await cardIn(stage)];
    const count = await w.call('gerente', 'POST', w.centro, 'batch-messages/audience', {
      filter: { sales_stage_id: [stage] },
    });
    expect(count.json()).toEqual({ recipients: 2 });
    const batch = await created(stage);
    expect(batch).toMatchObject({
      title: 'Campanha de matrícula',
      bot_id: bot,
      template_name: 'boas_vindas',
      total: 2,
    });
    const list = await w.call('atendente', 'GET', w.centro, 'batch-messages');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: BatchMessage) => x.id)).toContain(batch.id);
    const read = await detail(batch.id);
    expect(read.recipients.map((r) => r.opportunity_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('CHAT-101 black-listed contacts are left out and a phone is reached once', async () => {
    const stage = await freshStage();
    const first = await cardIn(stage);
    await cardIn(stage, { is_blacklisted: true });
    // The same contact's newer card: the phone is reached once, through it.
    const kept = await cardIn(stage, { phone_number: await phoneOf(first) });
    const batch = await created(stage);
    const read = await detail(batch.id);
    expect(read.recipients.map((r) => r.opportunity_id)).toEqual([kept.id]);
  });

  it('CHAT-101 an empty audience is refused; a salesRep may not create', async () => {
    const stage = await freshStage();
    const empty = await create('gerente', stage);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.batchNoRecipients);
    await cardIn(stage);
    expect((await create('atendente', stage)).statusCode).toBe(403);
  });

  it('CHAT-101 a bot or a batch of another workspace answers 404', async () => {
    const stage = await freshStage();
    await cardIn(stage);
    const foreignBot = await w.botId(w.zonaNorte);
    expect((await create('gerente', stage, { bot_id: foreignBot })).statusCode).toBe(404);
    const batch = await created(stage);
    for (const path of ['', '/pause', '/resume', '/cancel']) {
      const res = await w.call(
        'rh',
        path ? 'POST' : 'GET',
        w.recrutamento,
        `batch-messages/${batch.id}${path}`,
      );
      expect(res.statusCode, path).toBe(404);
    }
    const other = await w.call('admin', 'GET', w.zonaNorte, `batch-messages/${batch.id}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('batch messages: variables typed by hand, preview', () => {
  const typed = (text: string) => ({
    template: { ...template, components: [{ type: 'body', parameters: [{ type: 'text', text }] }] },
    message: `Olá, ${text}!`,
  });

  it('a batch message sends no raw placeholder: {{cliente}} typed by hand reaches each contact as their name', async () => {
    const stage = await freshStage();
    const card = await cardIn(stage, { name: 'Ana Lima' });
    const seen = watchSandboxTemplates(w, realSandbox, await phoneOf(card));
    const batch = await settled((await created(stage, typed('{{cliente}}'))).id);
    expect(batch).toMatchObject({ status: 'completed', sent: 1 });
    expect(seen).toEqual([typed('Ana Lima').template]);
    const [room] = await w.roomsOf(await phoneOf(card));
    expect(room?.messages.map((m) => m.message)).toEqual(['Olá, Ana Lima!']);
  });

  it('a variable that names nothing known is refused before sending, named in the error', async () => {
    const stage = await freshStage();
    await cardIn(stage);
    for (const path of ['batch-messages', 'batch-messages/preview']) {
      const res = await w.call('gerente', 'POST', w.centro, path, {
        bot_id: bot,
        filter: { sales_stage_id: [stage] },
        ...typed('{{nome}}'),
        ...(path === 'batch-messages' ? { title: 'Sem nome' } : {}),
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toBe(MESSAGES.unknownTemplateVariable('{{nome}}'));
    }
    const list = await w.call('gerente', 'GET', w.centro, 'batch-messages');
    expect(list.json().data.map((b: BatchMessage) => b.title)).not.toContain('Sem nome');
  });

  it('the preview counts the recipients and renders the texts for the first of them, with their data', async () => {
    const stage = await freshStage();
    const cards = [
      await cardIn(stage, { name: 'Beto Reis', city_name: 'Sorocaba' }),
      await cardIn(stage, { name: 'Ana Lima', city_name: 'Campinas' }),
    ];
    const preview = (who: Person) =>
      w.call(who, 'POST', w.centro, 'batch-messages/preview', {
        bot_id: bot,
        template,
        header: 'Para {{cliente}}',
        message: 'Olá {{name}}, de {{cidade}}!',
        filter: { sales_stage_id: [stage] },
      });
    const res = await preview('gerente');
    expect(res.statusCode, res.body).toBe(200);
    const { recipients, sample } = res.json();
    expect(recipients).toBe(2);
    // The first recipient by phone, one of the audience.
    const first = cards.find((c) => c.id === sample.opportunity_id);
    expect(first).toBeDefined();
    const [name, city] = first?.id === cards[0]?.id ? ['Beto Reis', 'Sorocaba'] : ['Ana Lima', 'Campinas'];
    expect(sample).toEqual({
      opportunity_id: first?.id,
      contact_name: name,
      header: `Para ${name}`,
      message: `Olá ${name}, de ${city}!`,
      footer: null,
    });
    expect((await preview('atendente')).statusCode).toBe(403);
  });
});

describe('batch messages: who reads what, and which templates', () => {
  it('CHAT-101 a salesRep reads a batch with the recipients of their own cards only', async () => {
    const stage = await freshStage();
    const own = await cardIn(stage);
    await cardIn(stage, {}, 'bruno');
    const batch = await created(stage);
    expect((await detail(batch.id, 'atendente')).recipients.map((r) => r.opportunity_id)).toEqual([own.id]);
    expect((await detail(batch.id, 'gerente')).recipients).toHaveLength(2);
  });

  it('CHAT-101 a WhatsApp Business bot sends only approved templates', async () => {
    const stage = await freshStage();
    await cardIn(stage);
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro };
    const cloud = await insertBot(w.t.database.db, scope, {
      name: 'Oficial',
      channel: 'whatsapp_cloud',
      waPhoneNumberId: `pn-${w.phone()}`,
      waAccessToken: 'token',
    });
    const body = { type: 'BODY' as const, text: 'Olá {{1}}' };
    await replaceTemplates(w.t.database.db, scope, cloud.id, [
      {
        name: 'boas_vindas',
        language: 'pt_BR',
        status: 'PENDING',
        category: 'MARKETING',
        components: [body],
      },
    ]);
    const refused = await create('gerente', stage, { bot_id: cloud.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.batchTemplateNotApproved);
    const unknown = await create('gerente', stage, { template: { ...template, name: 'nao_existe' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('batch messages: the job', () => {
  it('CHAT-063 CHAT-101 the job sends to every recipient in their card room, with the placeholders filled and the history entry written', async () => {
    const stage = await freshStage();
    const cards = [await cardIn(stage, { name: 'Ana Lima' }), await cardIn(stage, { name: 'Beto Reis' })];
    const batch = await settled((await created(stage)).id);
    expect(batch).toMatchObject({ status: 'completed', total: 2, sent: 2, failed: 0 });
    for (const [i, card] of cards.entries()) {
      const rooms = await w.roomsOf(await phoneOf(card));
      expect(rooms).toHaveLength(1);
      const [room] = rooms;
      expect(room?.opportunityId).toBe(card.id);
      expect(room?.messages.map((m) => [m.message, m.status, m.sender])).toEqual([
        [`Olá ${i === 0 ? 'Ana Lima' : 'Beto Reis'}, de Campinas!`, 'sent', 'user'],
      ]);
      const entry = (await w.history(w.centro, card.id)).find((e) => e.type === 'BatchMessageReply');
      expect(entry).toMatchObject({
        data: { batch_message: 'Campanha de matrícula', batch_message_id: batch.id },
      });
    }
  });

  it('CHAT-063 the channel receives the template with each card’s values', async () => {
    const stage = await freshStage();
    await cardIn(stage, { name: 'Carla Dias', city_name: 'Sorocaba' });
    const seen = watchSandboxTemplates(w, realSandbox);
    await settled((await created(stage)).id);
    expect(seen).toEqual([
      {
        ...template,
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Carla Dias de Sorocaba' }] }],
      },
    ]);
  });

  it('CHAT-101 a failed send marks the recipient failed with the reason', async () => {
    const stage = await freshStage();
    await cardIn(stage);
    w.t.app.deps.channels.sandbox = {
      ...realSandbox,
      send: async () => {
        throw new Error('down');
      },
    };
    const batch = await settled((await created(stage)).id);
    expect(batch).toMatchObject({ sent: 0, failed: 1 });
    expect(batch.recipients[0]).toMatchObject({ status: 'failed', error: MESSAGES.messageNotDelivered });
  });

  it('CHAT-101 idempotency: running the same job twice sends each recipient once', async () => {
    const stage = await freshStage();
    const card = await cardIn(stage);
    const batch = await settled((await created(stage)).id);
    const job = { batchId: batch.id, platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro };
    await runBatchJob(jobDeps(), job, attempt());
    await runBatchJob(jobDeps(), job, attempt());
    const rooms = await w.roomsOf(await phoneOf(card));
    expect(rooms.flatMap((r) => r.messages)).toHaveLength(1);
    expect((await w.history(w.centro, card.id)).filter((e) => e.type === 'BatchMessageReply')).toHaveLength(
      1,
    );
    expect(await detail(batch.id)).toMatchObject({ sent: 1, status: 'completed' });
  });
});

describe('batch messages: a run interrupted mid-send', () => {
  const scope = () => ({ platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro });

  /**
   * Puts a sent recipient back as a crash would leave it: 'sending', stored by a job that no longer runs, with its
   * message taken by the channel ('sent'), never handed to it ('pending'), or cut off while the channel had it.
   */
  async function interrupt(
    batchId: number,
    opportunityId: number,
    message: 'sent' | 'pending' | 'in-flight',
  ) {
    const { db } = w.t.database;
    const [row] = await db
      .update(batchMessageRecipients)
      .set({ status: 'sending', sentAt: null, remoteId: null, claimedBy: randomUUID() })
      .where(eq(batchMessageRecipients.batchId, batchId))
      .returning();
    await db.update(batchMessages).set({ status: 'running' }).where(eq(batchMessages.id, batchId));
    await db
      .delete(historyLogs)
      .where(and(eq(historyLogs.opportunityId, opportunityId), eq(historyLogs.type, 'BatchMessageReply')));
    if (message !== 'sent' && row?.messageId) {
      await db
        .update(chatMessages)
        .set({
          status: 'pending',
          remoteId: null,
          sendStartedAt: message === 'in-flight' ? new Date() : null,
        })
        .where(eq(chatMessages.id, row.messageId));
    }
  }

  /** Counts the sandbox's sends from now on. */
  function countSends() {
    const sends: string[] = [];
    w.t.app.deps.channels.sandbox = {
      ...realSandbox,
      send: async (b, message) => {
        sends.push(message.to);
        return realSandbox.send(b, message);
      },
    };
    return sends;
  }

  /** A batch to one card, sent, then put back as `interrupt` says; the sandbox counts its sends from then on. */
  async function interrupted(message: Parameters<typeof interrupt>[2]) {
    const stage = await freshStage();
    const card = await cardIn(stage);
    const batch = await settled((await created(stage)).id);
    await interrupt(batch.id, card.id, message);
    return { card, batch, sends: countSends() };
  }

  const history = async (card: Card) =>
    (await w.history(w.centro, card.id)).filter((e) => e.type === 'BatchMessageReply');

  it('CHAT-101 a recipient whose message the channel took is finished as sent, without sending again', async () => {
    const { card, batch, sends } = await interrupted('sent');
    await runBatchJob(jobDeps(), { batchId: batch.id, ...scope() }, attempt());
    expect(sends).toEqual([]);
    const rooms = await w.roomsOf(await phoneOf(card));
    expect(rooms.flatMap((r) => r.messages)).toHaveLength(1);
    expect(await history(card)).toHaveLength(1);
    expect(await detail(batch.id)).toMatchObject({ status: 'completed', sent: 1 });
  });

  it('CHAT-101 a recipient stored but never handed to the channel is sent once when the batch resumes', async () => {
    const { card, batch, sends } = await interrupted('pending');
    await runBatchJob(jobDeps(), { batchId: batch.id, ...scope() }, attempt());
    expect(sends).toHaveLength(1);
    const messages = (await w.roomsOf(await phoneOf(card))).flatMap((r) => r.messages);
    expect(messages.map((m) => m.status)).toEqual(['sent']);
    expect(await history(card)).toHaveLength(1);
    expect(await detail(batch.id)).toMatchObject({ status: 'completed', sent: 1, failed: 0 });
  });

  it('CHAT-101 a recipient cut off while the channel had it is marked failed with the reason, never sent twice', async () => {
    const { card, batch, sends } = await interrupted('in-flight');
    await runBatchJob(jobDeps(), { batchId: batch.id, ...scope() }, attempt());
    expect(sends).toEqual([]);
    const messages = (await w.roomsOf(await phoneOf(card))).flatMap((r) => r.messages);
    expect(messages.map((m) => [m.status, m.errorMessage])).toEqual([['failed', MESSAGES.sendInterrupted]]);
    const read = await detail(batch.id);
    expect(read).toMatchObject({ status: 'completed', sent: 0, failed: 1 });
    expect(read.recipients[0]?.error).toBe(MESSAGES.sendInterrupted);
  });

  it('CHAT-101 recipients being sent by a job still running are left to it; the job then completes the batch', async () => {
    const { batch, sends } = await interrupted('pending');
    const live = attempt();
    await w.t.database.db
      .update(batchMessageRecipients)
      .set({ claimedBy: live.id })
      .where(eq(batchMessageRecipients.batchId, batch.id));
    const { jobs } = w.t.app.deps;
    const stillRunning = {
      ...jobDeps(),
      jobs: { ...jobs, isActive: async (_: string, id: string) => id === live.id },
    };
    await runBatchJob(stillRunning, { batchId: batch.id, ...scope() }, attempt());
    expect(sends).toEqual([]);
    const waiting = await detail(batch.id);
    expect([waiting.status, waiting.recipients[0]?.status]).toEqual(['running', 'sending']);
    await runBatchJob(stillRunning, { batchId: batch.id, ...scope() }, live);
    expect(sends).toHaveLength(1);
    expect(await detail(batch.id)).toMatchObject({ status: 'completed', sent: 1 });
  });
});

describe('batch messages: pause, resume, cancel', () => {
  /** Holds every send until released, so the batch can be paused or cancelled mid-way; `reached` once one waits. */
  function gate() {
    let release = () => {};
    let arrived = () => {};
    const opened = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    w.t.app.deps.channels.sandbox = {
      ...realSandbox,
      send: async (b, message) => {
        arrived();
        await opened;
        return realSandbox.send(b, message);
      },
    };
    return { release, reached };
  }

  it('CHAT-102 pause stops after the current small batch; resume sends the rest', async () => {
    const stage = await freshStage();
    for (let i = 0; i < 22; i++) await cardIn(stage);
    const { release, reached } = gate();
    const batch = await created(stage);
    // The job has claimed its first small batch (20) and waits on the channel.
    await reached;
    const paused = await w.call('gerente', 'POST', w.centro, `batch-messages/${batch.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().status).toBe('paused');
    release();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const halfway = await detail(batch.id);
    expect(halfway).toMatchObject({ status: 'paused', sent: 20 });
    expect(halfway.recipients.filter((r) => r.status === 'pending')).toHaveLength(2);
    expect(
      (await w.call('atendente', 'POST', w.centro, `batch-messages/${batch.id}/resume`)).statusCode,
    ).toBe(403);
    const resumed = await w.call('gerente', 'POST', w.centro, `batch-messages/${batch.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await settled(batch.id)).toMatchObject({ status: 'completed', sent: 22 });
  });

  it('CHAT-102 cancel marks the recipients left cancelled; a finished batch cannot be paused, resumed or cancelled', async () => {
    const stage = await freshStage();
    for (let i = 0; i < 22; i++) await cardIn(stage);
    const { release, reached } = gate();
    const batch = await created(stage);
    await reached;
    const cancelled = await w.call('gerente', 'POST', w.centro, `batch-messages/${batch.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    release();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const read = await detail(batch.id);
    // The small batch already handed to the channel goes out; nothing after it.
    expect(read).toMatchObject({ status: 'cancelled', sent: 20 });
    expect(read.recipients.filter((r) => r.status === 'cancelled')).toHaveLength(2);
    for (const action of ['pause', 'resume', 'cancel']) {
      const res = await w.call('gerente', 'POST', w.centro, `batch-messages/${batch.id}/${action}`);
      expect(res.statusCode, action).toBe(400);
    }
  });
});
