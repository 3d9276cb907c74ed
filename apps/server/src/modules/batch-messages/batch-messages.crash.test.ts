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

const CARDS = 60;

describe.skipIf(!crashTestsRun)('batch messages: the server killed mid-send (PostgreSQL)', () => {
  // A short pause between small batches: the real setting, so the test does not wait on it.
  const crashed = useCrashWorld({ BATCH_STEP_PAUSE_MS: '200' });

  it('CHAT-101 killed with SIGKILL while recipients are sending, a restarted server completes the batch: each phone reached at most once, every one sent is in its room', async () => {
    const world = crashed();
    const { db, graph, server } = world;
    // Meta answers in 100 ms, so a small batch of 20 is in flight for about 2 s.
    graph.sendDelayMs = 100;
    const session = await signedIn(world);
    const { token, workspaceId } = session;
    const botId = await cloudBot(world, session.scope);
    const { stageId } = await cardsInNewStage(world, session, CARDS);
    const created = await server.call<{ id: number; total: number }>(
      'POST',
      `/workspaces/${workspaceId}/batch-messages`,
      {
        token,
        body: {
          title: 'Matrículas abertas',
          bot_id: botId,
          template: WELCOME,
          message: 'Olá {{name}}!',
          filter: { sales_stage_id: [stageId] },
        },
      },
    );
    expect(created.status).toBe(200);
    const batchId = created.body.id;
    expect(created.body.total).toBe(CARDS);

    const count = (status: string) =>
      scalar(
        db,
        sql`select count(*) as n from batch_message_recipients where batch_id = ${batchId} and status = ${status}`,
      );
    await killMidWork(server, async () => (await count('sending')) > 0, 'recipients in sending');
    const leftSending = await count('sending');
    const doneAtKill = (await count('sent')) + (await count('failed'));
    expect(leftSending).toBeGreaterThan(0);

    const { resumedMs } = await restartAndTime(
      server,
      async () => (await count('sent')) + (await count('failed')) > doneAtKill,
      `batch of ${CARDS} killed with ${leftSending} recipients sending`,
    );
    await until(
      async () =>
        (await scalar(
          db,
          sql`select count(*) as n from batch_messages where id = ${batchId} and status = 'completed'`,
        )) === 1,
      'the batch to complete',
    );

    const batch = await server.call<{
      total: number;
      sent: number;
      failed: number;
      skipped: number;
      recipients: { status: string; phone_number: string; error: string | null }[];
    }>('GET', `/workspaces/${workspaceId}/batch-messages/${batchId}`, { token });
    const cancelled = batch.body.recipients.filter((r) => r.status === 'cancelled').length;
    expect(batch.body.sent + batch.body.failed + batch.body.skipped + cancelled).toBe(batch.body.total);
    expect(batch.body.recipients.filter((r) => r.status === 'sending' || r.status === 'pending')).toEqual([]);
    // Only a send the kill cut off while Meta had it may fail, and it says why; everything else went out.
    expect(batch.body.failed).toBeLessThanOrEqual(1);
    for (const failed of batch.body.recipients.filter((r) => r.status === 'failed')) {
      expect(failed.error).toBe(MESSAGES.sendInterrupted);
    }

    const perPhone = sendsPerPhone(world);
    expect([...perPhone.values()].filter((n) => n > 1)).toEqual([]);
    const { rows } = (await db.execute(sql`
      select r.status, r.phone_number as phone, r.remote_id as "recipientRemote", m.status as "messageStatus",
             m.remote_id as "messageRemote", (select count(*) from chat_messages x where x.dialog_id = m.dialog_id)::int as "inRoom"
      from batch_message_recipients r join chat_messages m on m.id = r.message_id
      where r.batch_id = ${batchId}`)) as unknown as {
      rows: {
        status: string;
        phone: string;
        recipientRemote: string | null;
        messageStatus: string;
        messageRemote: string | null;
        inRoom: number;
      }[];
    };
    expect(rows).toHaveLength(CARDS);
    for (const row of rows) {
      expect(row.inRoom).toBe(1);
      if (row.status !== 'sent') continue;
      expect(perPhone.get(row.phone.replace(/\D/g, ''))).toBe(1);
      expect(row).toMatchObject({ messageStatus: 'sent', messageRemote: row.recipientRemote });
      expect(row.recipientRemote).toMatch(/^wamid\./);
    }
    expect(resumedMs).toBeLessThan(30_000);
  }, 120_000);
});
