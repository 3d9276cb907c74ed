import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  batchScenario,
  crashAndResume,
  crashTestsRun,
  sendsPerPhone,
  signedIn,
  useCrashWorld,
} from '../../../test/crash.ts';

const CARDS = 60;

describe.skipIf(!crashTestsRun)('batch messages: the server killed mid-send (PostgreSQL)', () => {
  // A short pause between small batches: the real setting, so the test does not wait on it.
  const crashed = useCrashWorld({ BATCH_STEP_PAUSE_MS: '200' });

  it('CHAT-101 killed with SIGKILL while recipients are sending, a restarted server completes the batch: each phone reached at most once, every one sent is in its room', async () => {
    const world = crashed();
    const { db, server } = world;
    const session = await signedIn(world);
    const { token, workspaceId } = session;
    const scenario = await batchScenario(world, session, CARDS);
    const { batchId } = scenario;
    expect(scenario.total).toBe(CARDS);
    // Killed while recipients are being sent (not between small batches), then restarted until the batch completes.
    const { resumedMs } = await crashAndResume(server, scenario);

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
