import { isClosedStageType } from '@vendaval/core/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { eventually, signatureIsValid, startReceiver } from '../../../test/factories/webhooks.ts';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

interface Log {
  event: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  delivery_status: string;
}

let w: World;
let receiver: Receiver;

beforeAll(async () => {
  // A closed network: the operator allows http and local targets, so a receiver on this machine can listen.
  w = await cardsWorld({ config: { webhooksAllowPrivate: true, webhookRetryDelaySeconds: 1 } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await w.t.close();
});

const hook = (events: string[], url = receiver.url) => ({ name: 'ERP', url, events });

async function createHook(events: string[], url?: string) {
  const res = await w.call('admin', 'POST', w.centro, 'webhooks', hook(events, url));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; secret: string };
}

/** Runs `check` with a local receiver and a webhook of `events` pointing to it; removes both afterwards. */
async function receiving(
  events: string[],
  check: (target: Receiver, created: { id: number; secret: string }) => Promise<void>,
  statuses: number[] = [],
  host = '127.0.0.1',
) {
  const target = await startReceiver(statuses);
  const created = await createHook(events, target.url.replace('127.0.0.1', host));
  try {
    await check(target, created);
  } finally {
    await w.call('admin', 'DELETE', w.centro, `webhooks/${created.id}`);
    await target.close();
  }
}

const logsOf = async (id: number) => {
  const res = await w.call('admin', 'GET', w.centro, `webhooks/${id}/logs`);
  expect(res.statusCode).toBe(200);
  return res.json().data as Log[];
};

describe('webhooks: the list (PLAT-267, PLAT-093)', () => {
  it('PLAT-267 PLAT-093 an admin creates a webhook: the secret is answered once, never by the list, the read or an edit', async () => {
    const created = await createHook(['opportunity.won']);
    expect(created.secret).toMatch(/^whsec_[\w-]{32}$/);
    const list = await w.call('admin', 'GET', w.centro, 'webhooks');
    expect(list.json().pagination.total_count).toBeGreaterThan(0);
    expect(list.body).not.toContain(created.secret);
    const one = await w.call('admin', 'GET', w.centro, `webhooks/${created.id}`);
    expect(one.json()).toMatchObject({
      id: created.id,
      name: 'ERP',
      events: ['opportunity.won'],
      active: true,
    });
    expect(one.json()).not.toHaveProperty('secret');
    const edited = await w.call('admin', 'PUT', w.centro, `webhooks/${created.id}`, { active: false });
    expect(edited.json()).toMatchObject({ active: false });
    expect(edited.body).not.toContain(created.secret);
  });

  it('PLAT-267 rotating gives a new secret, shown in that answer only', async () => {
    const created = await createHook(['opportunity.lost']);
    const rotated = await w.call('admin', 'POST', w.centro, `webhooks/${created.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
  });

  it('PLAT-267 bad input is refused in Portuguese and names the field; unknown fields are refused', async () => {
    const noEvents = await w.call('admin', 'POST', w.centro, 'webhooks', hook([]));
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().errors).toContainEqual({
      field: 'events',
      description: 'Escolha ao menos um evento.',
    });
    const badUrl = await w.call(
      'admin',
      'POST',
      w.centro,
      'webhooks',
      hook(['opportunity.won'], 'não é url'),
    );
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors[0].field).toBe('url');
    const extra = await w.call('admin', 'POST', w.centro, 'webhooks', {
      ...hook(['opportunity.won']),
      secret: 'x',
    });
    expect(extra.statusCode).toBe(400);
    const unknownEvent = await w.call('admin', 'POST', w.centro, 'webhooks', hook(['card.exploded']));
    expect(unknownEvent.statusCode).toBe(400);
  });

  it('PLAT-267 a salesRep and a manager may not read or change webhooks (403)', async () => {
    const created = await createHook(['opportunity.won']);
    for (const who of ['atendente', 'gerente'] as const) {
      expect((await w.call(who, 'GET', w.centro, 'webhooks')).statusCode).toBe(403);
      expect((await w.call(who, 'POST', w.centro, 'webhooks', hook(['opportunity.won']))).statusCode).toBe(
        403,
      );
      expect((await w.call(who, 'PUT', w.centro, `webhooks/${created.id}`, { name: 'X' })).statusCode).toBe(
        403,
      );
      expect((await w.call(who, 'POST', w.centro, `webhooks/${created.id}/secret`)).statusCode).toBe(403);
      expect((await w.call(who, 'DELETE', w.centro, `webhooks/${created.id}`)).statusCode).toBe(403);
      expect((await w.call(who, 'GET', w.centro, `webhooks/${created.id}/logs`)).statusCode).toBe(403);
    }
    expect((await w.call('admin', 'GET', w.centro, `webhooks/${created.id}`)).json().name).toBe('ERP');
  });

  it('PLAT-267 a webhook of another workspace or platform is 404 on every route and changes nothing', async () => {
    const created = await createHook(['opportunity.won']);
    const paths = [`webhooks/${created.id}`, `webhooks/${created.id}/logs`];
    for (const [who, workspaceId] of [
      ['admin', w.zonaNorte],
      ['rh', w.recrutamento],
    ] as const) {
      for (const path of paths) expect((await w.call(who, 'GET', workspaceId, path)).statusCode).toBe(404);
      const put = await w.call(who, 'PUT', workspaceId, `webhooks/${created.id}`, {
        url: 'https://evil.example/x',
      });
      expect(put.statusCode).toBe(404);
      expect((await w.call(who, 'POST', workspaceId, `webhooks/${created.id}/secret`)).statusCode).toBe(404);
      expect((await w.call(who, 'DELETE', workspaceId, `webhooks/${created.id}`)).statusCode).toBe(404);
    }
    const still = await w.call('admin', 'GET', w.centro, `webhooks/${created.id}`);
    expect(still.json().url).toBe(receiver.url);
  });

  it('PLAT-267 an admin deletes a webhook', async () => {
    const created = await createHook(['opportunity.won']);
    expect((await w.call('admin', 'DELETE', w.centro, `webhooks/${created.id}`)).statusCode).toBe(200);
    expect((await w.call('admin', 'GET', w.centro, `webhooks/${created.id}`)).statusCode).toBe(404);
  });
});

describe('webhooks: deliveries (PLAT-093)', () => {
  it('PLAT-093 a new card is delivered to its webhook signed with the secret, and the log shows it delivered', async () => {
    await receiving(['opportunity.created'], async (target, created) => {
      const card = await w.create('admin', w.centro);
      const [got] = await eventually(async () => (target.received.length > 0 ? target.received : undefined));
      if (!got) throw new Error('nothing received');
      expect(signatureIsValid(got, created.secret)).toBe(true);
      expect(signatureIsValid(got, 'whsec_another')).toBe(false);
      expect(got.headers['x-vendaval-event']).toBe('opportunity.created');
      expect(JSON.parse(got.body)).toMatchObject({
        event: 'opportunity.created',
        workspace_id: w.centro,
        data: {
          opportunity_id: card.id,
          changes: expect.arrayContaining([expect.objectContaining({ type: 'OpportunityCreated' })]),
        },
      });
      const [log] = await eventually(async () => {
        const logs = await logsOf(created.id);
        return logs[0]?.delivery_status === 'delivered' ? logs : undefined;
      });
      expect(log).toMatchObject({ event: 'opportunity.created', attempt: 1, status_code: 200, error: null });
    });
  });

  it('PLAT-093 a moved card reaches the webhooks of opportunity.updated only, not those of other events', async () => {
    await receiving(['opportunity.updated'], async (target, created) => {
      const won = await createHook(['opportunity.won'], target.url);
      const card = await w.create('admin', w.centro);
      await w.addTask(w.centro, card.id);
      const next = (await w.stages(w.centro)).find(
        (s) => !isClosedStageType(s.type) && s.id !== card.sales_stage_id,
      );
      if (!next) throw new Error('no other open stage');
      const moved = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/move-to`, {
        data: { sales_stage_id: next.id, display_order: 'top' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await eventually(async () => ((await logsOf(created.id)).length > 0 ? true : undefined));
      const [got] = target.received;
      if (!got) throw new Error('nothing received');
      expect(JSON.parse(got.body).data.changes[0].type).toBe('OpportunitySalesStageUpdated');
      expect(signatureIsValid(got, created.secret)).toBe(true);
      expect(target.received).toHaveLength(1);
      expect(await logsOf(won.id)).toEqual([]);
    });
  });

  it('PLAT-093 a 500 answer is retried with backoff until the receiver accepts it; every attempt is logged', async () => {
    await receiving(
      ['opportunity.created'],
      async (target, created) => {
        await w.create('admin', w.centro);
        const logs = await eventually(async () => {
          const all = await logsOf(created.id);
          return all.length >= 2 ? all : undefined;
        });
        expect(logs.map((l) => [l.attempt, l.status_code])).toEqual([
          [2, 200],
          [1, 500],
        ]);
        expect(logs.every((l) => l.delivery_status === 'delivered')).toBe(true);
        expect(target.received).toHaveLength(2);
        expect(target.received[0]?.body).toBe(target.received[1]?.body);
      },
      [500],
    );
  });

  it('PLAT-093 an inactive webhook receives nothing', async () => {
    await receiving(['opportunity.created', 'opportunity.updated'], async (target, created) => {
      await w.call('admin', 'PUT', w.centro, `webhooks/${created.id}`, { active: false });
      const card = await w.create('admin', w.centro);
      expect(card.id).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(target.received).toEqual([]);
      expect(await logsOf(created.id)).toEqual([]);
    });
  });

  it('PLAT-093 a task created and then completed reaches the webhooks of task.created and task.completed', async () => {
    await receiving(['task.created', 'task.completed'], async (target, created) => {
      const card = await w.create('admin', w.centro);
      const call = await w.item(w.centro, 'task-types', 'Ligar');
      const phone = await w.item(w.centro, 'interaction-types', 'Ligação');
      const task = await w.call('admin', 'POST', w.centro, 'tasks', {
        parent_id: card.id,
        parent_type: 'Opportunity',
        task_type_id: call.id,
        interaction_type_id: phone.id,
        start_timestamp: '2030-05-10 14:30',
      });
      expect(task.statusCode, task.body).toBe(200);
      const ended = await w.call('admin', 'PUT', w.centro, `tasks/${task.json().id}/end`, {
        interaction_type_id: phone.id,
      });
      expect(ended.statusCode, ended.body).toBe(200);
      await eventually(async () => (target.received.length >= 2 ? true : undefined));
      const bodies = target.received.map((r) => JSON.parse(r.body));
      expect(bodies.map((b) => b.event).sort()).toEqual(['task.completed', 'task.created']);
      expect(bodies.every((b) => b.data.task.id === task.json().id)).toBe(true);
      expect(target.received.every((r) => signatureIsValid(r, created.secret))).toBe(true);
    });
  });

  it('PLAT-093 a host name is resolved when the delivery connects, and reaches an allowed local receiver', async () => {
    await receiving(
      ['opportunity.created'],
      async (target, created) => {
        await w.create('admin', w.centro);
        const [got] = await eventually(async () =>
          target.received.length > 0 ? target.received : undefined,
        );
        if (!got) throw new Error('nothing received');
        expect(got.headers.host).toMatch(/^localhost:/);
        expect(signatureIsValid(got, created.secret)).toBe(true);
      },
      [],
      'localhost',
    );
  });
});
