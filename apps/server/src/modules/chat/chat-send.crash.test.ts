import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cardsInNewStage,
  cloudBot,
  crashTestsRun,
  killMidWork,
  restartAndTime,
  scalar,
  sendsPerPhone,
  signedIn,
  until,
  useCrashWorld,
  WELCOME,
} from '../../../test/crash.ts';

const ROOMS = 24;

describe.skipIf(!crashTestsRun)('chat sends: the server killed mid-send (PostgreSQL)', () => {
  const crashed = useCrashWorld();

  it('CHAT-013 killed with SIGKILL while messages are with the channel, a restarted server settles every one: sent once with its id, or failed as interrupted', async () => {
    const world = crashed();
    const { db, graph, server } = world;
    const session = await signedIn(world);
    const botId = await cloudBot(world, session.scope);
    const { cards } = await cardsInNewStage(world, session, ROOMS);
    // Meta answers in 400 ms: the four sends a server makes at once are in flight most of the time.
    graph.sendDelayMs = 400;
    for (const opportunityId of cards) {
      const opened = await server.call('POST', `/workspaces/${session.workspaceId}/dialogs`, {
        token: session.token,
        body: { bot_id: botId, opportunity_id: opportunityId, template: WELCOME, message: 'Olá!' },
      });
      expect(opened.status).toBe(200);
    }
    const ours = sql`dialog_id in (select id from dialogs where bot_id = ${botId})`;
    const inFlight = () =>
      scalar(
        db,
        sql`select count(*) as n from chat_messages where ${ours} and status = 'pending' and send_started_at is not null`,
      );
    const settled = () =>
      scalar(db, sql`select count(*) as n from chat_messages where ${ours} and status <> 'pending'`);
    await killMidWork(server, async () => (await inFlight()) > 0, 'messages with the channel');
    const cutOff = await inFlight();
    const settledAtKill = await settled();

    await restartAndTime(
      server,
      async () => (await settled()) > settledAtKill,
      `${ROOMS} sends killed with ${cutOff} in flight`,
    );
    await until(async () => (await settled()) === ROOMS, 'every message to be settled');

    const { rows } = (await db.execute(sql`
      select m.status, m.remote_id as "remoteId", m.error_message as error, d.phone_number as phone,
             m.send_started_at as "sendStartedAt"
      from chat_messages m join dialogs d on d.id = m.dialog_id where d.bot_id = ${botId}`)) as unknown as {
      rows: {
        status: string;
        remoteId: string | null;
        error: string | null;
        phone: string;
        sendStartedAt: Date | null;
      }[];
    };
    expect(rows).toHaveLength(ROOMS);
    const perPhone = sendsPerPhone(world);
    expect([...perPhone.values()].filter((n) => n > 1)).toEqual([]);
    const failed = rows.filter((r) => r.status === 'failed');
    // Only a send the kill cut off while Meta had it may fail, and it says why.
    expect(failed.length).toBeLessThanOrEqual(cutOff);
    for (const row of failed) expect(row).toMatchObject({ error: MESSAGES.sendInterrupted, remoteId: null });
    for (const row of rows.filter((r) => r.status !== 'failed')) {
      expect(row.remoteId).toMatch(/^wamid\./);
      expect(perPhone.get(row.phone)).toBe(1);
    }
    expect(rows.every((r) => r.sendStartedAt === null)).toBe(true);
  }, 120_000);
});
