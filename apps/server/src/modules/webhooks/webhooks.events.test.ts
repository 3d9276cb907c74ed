import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { eventually, signatureIsValid, startReceiver } from '../../../test/factories/webhooks.ts';
import { pruneOldDeliveries, WEBHOOK_PRUNE_QUEUE } from './webhooks.service.ts';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
type Body = { event: string; workspace_id: number; data: Record<string, unknown> };

let w: World;
beforeAll(async () => {
  w = await cardsWorld({ config: { webhooksAllowPrivate: true, webhookRetryDelaySeconds: 1 } });
});
afterAll(() => w.t.close());

/** A receiver and a webhook of `events` in `workspaceId`; both go away afterwards. */
async function receiving(
  workspaceId: number,
  events: string[],
  check: (target: Receiver, secret: string) => Promise<void>,
) {
  const target = await startReceiver();
  const res = await w.call('admin', 'POST', workspaceId, 'webhooks', {
    name: 'ERP',
    url: target.url,
    events,
  });
  expect(res.statusCode, res.body).toBe(200);
  try {
    await check(target, res.json().secret);
  } finally {
    await w.call('admin', 'DELETE', workspaceId, `webhooks/${res.json().id}`);
    await target.close();
  }
}

const bodiesOf = (target: Receiver, count: number) =>
  eventually(async () =>
    target.received.length >= count ? target.received.map((r) => JSON.parse(r.body) as Body) : undefined,
  );

async function newTask(workspaceId: number) {
  const card = await w.create('admin', workspaceId);
  const call = await w.item(workspaceId, 'task-types', 'Ligar');
  const phone = await w.item(workspaceId, 'interaction-types', 'Ligação');
  const res = await w.call('admin', 'POST', workspaceId, 'tasks', {
    parent_id: card.id,
    parent_type: 'Opportunity',
    task_type_id: call.id,
    interaction_type_id: phone.id,
    start_timestamp: '2030-05-10 14:30',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe('webhook events of transfers and task edits', () => {
  it('PLAT-093 OPP-117 a transfer reaches the webhooks of both workspaces as opportunity.transferred', async () => {
    await receiving(w.centro, ['opportunity.transferred'], async (source, sourceSecret) => {
      await receiving(w.zonaNorte, ['opportunity.transferred'], async (target) => {
        const card = await w.create('admin', w.centro);
        const stage = await w.stage(w.zonaNorte, 'InProgress');
        const res = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/transfer`, {
          workspace_id: w.zonaNorte,
          sales_stage_id: stage.id,
        });
        expect(res.statusCode, res.body).toBe(200);
        const expected = {
          event: 'opportunity.transferred',
          data: {
            opportunity_id: card.id,
            user_id: w.user.admin,
            responsible_id: res.json().user_id,
            sales_stage_id: stage.id,
            from_workspace_id: w.centro,
            to_workspace_id: w.zonaNorte,
          },
        };
        expect((await bodiesOf(source, 1))[0]).toMatchObject({ ...expected, workspace_id: w.centro });
        expect((await bodiesOf(target, 1))[0]).toMatchObject({ ...expected, workspace_id: w.zonaNorte });
        expect(source.received[0] && signatureIsValid(source.received[0], sourceSecret)).toBe(true);
      });
    });
  });

  it('PLAT-093 a task edit and a task delete reach the webhooks of task.updated and task.deleted', async () => {
    await receiving(w.centro, ['task.updated', 'task.deleted'], async (target) => {
      const id = await newTask(w.centro);
      const edited = await w.call('admin', 'PUT', w.centro, `tasks/${id}`, {
        description: 'Ligar após as 18h',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const removed = await w.call('admin', 'DELETE', w.centro, `tasks/${id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      const bodies = await bodiesOf(target, 2);
      expect(bodies.map((b) => b.event).sort()).toEqual(['task.deleted', 'task.updated']);
      for (const body of bodies)
        expect(body.data.task).toMatchObject({ id, description: 'Ligar após as 18h' });
    });
  });

  it('PLAT-093 a refused task edit (another workspace’s task) publishes nothing', async () => {
    await receiving(w.zonaNorte, ['task.updated', 'task.deleted'], async (target) => {
      const id = await newTask(w.centro);
      expect(
        (await w.call('admin', 'PUT', w.zonaNorte, `tasks/${id}`, { description: 'x' })).statusCode,
      ).toBe(404);
      expect((await w.call('admin', 'DELETE', w.zonaNorte, `tasks/${id}`)).statusCode).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(target.received).toEqual([]);
    });
  });
});

describe('webhook log retention', () => {
  it('PLAT-093 deliveries older than 30 days are pruned with their attempts; newer ones stay; the prune runs every night', async () => {
    await receiving(w.centro, ['opportunity.created'], async (target) => {
      await w.create('admin', w.centro);
      await w.create('admin', w.centro);
      await bodiesOf(target, 2);
      const db = w.t.database.db;
      const count = async (table: string) =>
        Number(
          (
            (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0]?.n,
        );
      await eventually(async () =>
        (await count("webhook_deliveries where status = 'delivered'")) >= 2 ? true : undefined,
      );
      const deliveries = await count('webhook_deliveries');
      const attempts = await count('webhook_attempts');
      await db.execute(sql`update webhook_deliveries set created_at = now() - interval '31 days'
        where id = (select min(id) from webhook_deliveries where status = 'delivered')`);
      expect(await pruneOldDeliveries(db)).toBe(1);
      expect(await count('webhook_deliveries')).toBe(deliveries - 1);
      expect(await count('webhook_attempts')).toBe(attempts - 1);
      expect(await pruneOldDeliveries(db)).toBe(0);
      const schedules = (await db.execute(sql`select name, cron from pgboss.schedule`)) as unknown as {
        rows: { name: string; cron: string }[];
      };
      expect(schedules.rows).toContainEqual({ name: WEBHOOK_PRUNE_QUEUE, cron: '17 3 * * *' });
    });
  });
});
