import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crashTestsRun,
  crashWorld,
  killMidWork,
  restartAndTime,
  scalar,
  until,
} from '../../../test/crash.ts';
import { PHONE_ID } from '../../../test/graph-api.ts';
import { insertBot, replaceTemplates } from '../bots/bots.queries.ts';
import { createSalesStages } from '../catalog/catalog.service.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';

const CARDS = 60;

describe.skipIf(!crashTestsRun)('batch messages: the server killed mid-send (PostgreSQL)', () => {
  let world: Awaited<ReturnType<typeof crashWorld>>;
  beforeAll(async () => {
    // A short pause between small batches: the real setting, so the test does not wait on it.
    world = await crashWorld({ BATCH_STEP_PAUSE_MS: '200' });
    await world.server.start();
  }, 60_000);
  afterAll(() => world?.close());

  it('CHAT-101 killed with SIGKILL while recipients are sending, a restarted server completes the batch: each phone reached at most once, every one sent is in its room', async () => {
    const { db, graph, server } = world;
    // Meta answers in 100 ms, so a small batch of 20 is in flight for about 2 s.
    graph.sendDelayMs = 100;
    const token = await server.login('admin@demo.local');
    const workspaces = await server.call<{ data: { id: number }[] }>('GET', '/users/self/workspaces', {
      token,
    });
    const workspaceId = workspaces.body.data[0]?.id as number;
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId };
    const bot = await insertBot(db, scope, {
      name: 'Oficial',
      channel: 'whatsapp_cloud',
      waPhoneNumberId: PHONE_ID,
      waAccessToken: graph.token,
    });
    await replaceTemplates(db, scope, bot.id, [
      {
        name: 'boas_vindas',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Olá {{1}}' }],
      },
    ]);
    const [stage] = await createSalesStages(db, scope, [
      { name: 'Disparo', type: 'PreSale', color: '228be6', displayOrder: 99 },
    ]);
    const medias = await server.call<{ data: { id: number }[] }>('GET', `/workspaces/${workspaceId}/medias`, {
      token,
    });
    for (let i = 0; i < CARDS; i++) {
      const card = await server.call('POST', `/workspaces/${workspaceId}/opportunities`, {
        token,
        body: {
          source_type: 'Offline',
          media_id: medias.body.data[0]?.id,
          sales_stage_id: stage?.id,
          contact: { name: `Contato ${i}`, phone_number: `119${String(60000000 + i).padStart(8, '0')}` },
        },
      });
      expect(card.status).toBe(200);
    }
    const created = await server.call<{ id: number; total: number }>(
      'POST',
      `/workspaces/${workspaceId}/batch-messages`,
      {
        token,
        body: {
          title: 'Matrículas abertas',
          bot_id: bot.id,
          template: {
            name: 'boas_vindas',
            language: 'pt_BR',
            components: [{ type: 'body', parameters: [{ type: 'text', text: '{{name}}' }] }],
          },
          message: 'Olá {{name}}!',
          filter: { sales_stage_id: [stage?.id] },
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

    const sends = graph.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages'));
    const perPhone = new Map<string, number>();
    for (const send of sends) {
      const to = (send.body as { to: string }).to;
      perPhone.set(to, (perPhone.get(to) ?? 0) + 1);
    }
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
