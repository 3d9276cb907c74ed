import { MESSAGES, SANDBOX_BOT } from '@vendaval/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChatWorld, chatWorld } from '../../../test/factories/chat.ts';
import { buildApp } from '../../app.ts';
import { type ChannelAdapter, ChannelError } from '../../infra/channels/channel-adapter.ts';
import type { JobContext } from '../../infra/jobs.ts';
import { chatMessages } from '../../schema/chat.tables.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import { enqueueSend, sendPending } from './chat.outbound.ts';
import { chatDeps } from './chat.service.ts';

let w: ChatWorld;
let realSandbox: ChannelAdapter;
beforeAll(async () => {
  w = await chatWorld();
  realSandbox = w.t.app.deps.channels.sandbox;
});
afterEach(() => {
  w.t.app.deps.channels.sandbox = realSandbox;
});
afterAll(() => w.t.close());

const context: JobContext = {
  id: 'x',
  retryCount: 0,
  isLastAttempt: false,
  signal: new AbortController().signal,
};

/** A sandbox that counts what it sends, then hands it to the real one. */
function countingSandbox(fail?: (call: number) => Error | undefined) {
  const calls: string[] = [];
  w.t.app.deps.channels.sandbox = {
    channel: 'sandbox',
    send: async (bot, message) => {
      calls.push(message.text ?? '');
      const error = fail?.(calls.length);
      if (error) throw error;
      return realSandbox.send(bot, message);
    },
  };
  return calls;
}

async function roomWithMessage(text: string) {
  const card = await w.create('atendente', w.centro, { user_id: w.user.atendente });
  const res = await w.call('atendente', 'POST', w.centro, 'dialogs', {
    opportunity_id: card.id,
    bot_id: await w.botId(w.centro),
    bot_name: SANDBOX_BOT.name,
    message: text,
    keep_bot_on_dialog: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

/** The first message of a room. */
const firstOf = async (room: { id: number }) =>
  (await w.t.database.db.select().from(chatMessages).where(eq(chatMessages.dialogId, room.id)))[0];

const rowOf = async (id: number) =>
  (await w.t.database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0];

describe('the send job of a chat message', () => {
  it('CHAT-013 the job sends the stored message and keeps the channel id with the sent status', async () => {
    const calls = countingSandbox();
    const room = await roomWithMessage('Pelo job');
    await w.sent();
    const first = await firstOf(room);
    expect(first).toMatchObject({
      status: 'sent',
      message: 'Pelo job',
      remoteId: expect.stringMatching(/^sandbox-/),
    });
    expect(calls).toEqual(['Pelo job']);
    expect(w.published.some((e) => e.type === 'message.updated' && e.data.message_id === first?.id)).toBe(
      true,
    );
  });

  it('CHAT-013 running the same job again, or queueing it again, sends nothing twice', async () => {
    const calls = countingSandbox();
    const room = await roomWithMessage('Uma vez só');
    await w.sent();
    const message = await firstOf(room);
    const id = message?.id as number;
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro };
    const deps = chatDeps(w.t.app.deps);
    await sendPending(deps, { ...scope, messageId: id }, context);
    await sendPending(deps, { ...scope, messageId: id }, context);
    await w.t.database.db.transaction((tx) => enqueueSend(tx, deps, scope, id));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls).toEqual(['Uma vez só']);
    expect((await rowOf(id))?.remoteId).toBe(message?.remoteId);
  });

  it('CHAT-013 a message of another workspace is not reached by a job of this one', async () => {
    const calls = countingSandbox();
    const room = await roomWithMessage('Só daqui');
    await w.sent();
    const message = await firstOf(room);
    await w.t.database.db
      .update(chatMessages)
      .set({ status: 'pending' })
      .where(eq(chatMessages.id, message?.id as number));
    const foreign = {
      platformId: DEFAULT_PLATFORM_ID,
      workspaceId: w.zonaNorte,
      messageId: message?.id as number,
    };
    await sendPending(chatDeps(w.t.app.deps), foreign, context);
    expect(calls).toEqual(['Só daqui']);
    await w.t.database.db
      .update(chatMessages)
      .set({ status: 'sent' })
      .where(eq(chatMessages.id, message?.id as number));
  });

  it('CHAT-013 after the last attempt a message the channel never took is failed as not delivered', async () => {
    const room = await roomWithMessage('Sem rede');
    await w.sent();
    const message = await firstOf(room);
    // A pending message with no job of its own, so only this test's attempts reach the channel: the job queued
    // with the room would otherwise run beside them and find their claim taken.
    await w.t.database.db
      .update(chatMessages)
      .set({ status: 'pending', remoteId: null, errorMessage: null, sendStartedAt: null })
      .where(eq(chatMessages.id, message?.id as number));
    countingSandbox(() => new Error('timeout'));
    const job = { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro, messageId: message?.id as number };
    const deps = chatDeps(w.t.app.deps);
    await expect(sendPending(deps, job, context)).rejects.toThrow('timeout');
    expect((await rowOf(job.messageId))?.status).toBe('pending');
    await sendPending(deps, job, { ...context, retryCount: 5, isLastAttempt: true });
    expect(await rowOf(job.messageId)).toMatchObject({
      status: 'failed',
      errorMessage: expect.any(String),
      remoteId: null,
    });
    await w.sent();
  });

  it('CHAT-013 a send cut off while the channel had it is failed as interrupted by the next attempt, never sent twice', async () => {
    const calls = countingSandbox(() => new ChannelError('recusada'));
    const room = await roomWithMessage('Cortada no meio');
    await w.sent();
    const message = await firstOf(room);
    const id = message?.id as number;
    // What a worker killed during the channel call leaves: the claim taken, no outcome.
    await w.t.database.db
      .update(chatMessages)
      .set({ status: 'pending', remoteId: null, errorMessage: null, sendStartedAt: new Date() })
      .where(eq(chatMessages.id, id));
    calls.length = 0;
    const job = { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro, messageId: id };
    await sendPending(chatDeps(w.t.app.deps), job, { ...context, retryCount: 1 });
    expect(calls).toEqual([]);
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      errorMessage: MESSAGES.sendInterrupted,
      sendStartedAt: null,
    });
    await w.sent();
  });

  it('CHAT-013 a message accepted before a restart is sent by the next server on the same database', async () => {
    // This server never gets the message out: the provider is unreachable until it stops.
    countingSandbox(() => new Error('connection reset'));
    const room = await roomWithMessage('Depois do reinício');
    const message = await firstOf(room);
    await w.t.app.close();
    expect((await rowOf(message?.id as number))?.status).toBe('pending');
    const { config, database, db, platforms, tokens, mailer } = w.t.app.deps;
    const sentByNext: string[] = [];
    const next = await buildApp(
      {
        config,
        database,
        db,
        platforms,
        tokens,
        mailer,
        channels: {
          sandbox: {
            channel: 'sandbox',
            send: async (bot, outbound) => {
              sentByNext.push(outbound.text ?? '');
              return realSandbox.send(bot, outbound);
            },
          },
        },
      },
      { logger: false },
    );
    try {
      await next.ready();
      await w.sent(30_000);
      expect(await rowOf(message?.id as number)).toMatchObject({
        status: 'sent',
        remoteId: expect.stringMatching(/^sandbox-/),
      });
      expect(sentByNext).toEqual(['Depois do reinício']);
    } finally {
      await next.close();
    }
  }, 45_000);
});
