import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  chatScenario,
  crashAndResume,
  crashTestsRun,
  sendsPerPhone,
  signedIn,
  useCrashWorld,
} from '../../../test/crash.ts';

const ROOMS = 24;

describe.skipIf(!crashTestsRun)('chat sends: the server killed mid-send (PostgreSQL)', () => {
  const crashed = useCrashWorld();

  it('CHAT-013 killed with SIGKILL while messages are with the channel, a restarted server settles every one: sent once with its id, or failed as interrupted', async () => {
    const world = crashed();
    const { db, server } = world;
    const scenario = await chatScenario(world, await signedIn(world), ROOMS);
    const { botId } = scenario;
    await crashAndResume(server, scenario);
    const cutOff = scenario.cutOff();

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
