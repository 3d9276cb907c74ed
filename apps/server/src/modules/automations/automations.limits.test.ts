import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { eventually } from '../../../test/factories/webhooks.ts';
import { automationStepSlots } from '../../schema/automations.tables.ts';
import { AUTOMATION_STEP_QUEUE } from './automations.engine.ts';

const LIMIT = 3;
let w: World;
beforeAll(async () => {
  w = await cardsWorld({ config: { automationStepsPerMinute: LIMIT } });
});
afterAll(() => w.t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await w.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Step jobs of the queue that may run now, and those set for a later minute. */
const stepJobs = async () => {
  const [counts] = await rows<{ due: number; later: number }>(
    sql`select count(*) filter (where start_after <= now())::int as due, count(*) filter (where start_after > now())::int as later
        from pgboss.job where name = ${AUTOMATION_STEP_QUEUE} and state in ('created', 'retry', 'active')`,
  );
  return counts ?? { due: 0, later: 0 };
};

describe('automation throughput per workspace', () => {
  it('steps past the per-minute limit wait for a later minute, and every step still runs once', async () => {
    const tags = [
      (await w.item(w.centro, 'tags', 'Bolsa')).id,
      (await w.item(w.centro, 'tags', 'Retorno')).id,
    ];
    const created = await w.call('admin', 'POST', w.centro, 'automations', {
      name: 'Limite',
      definition: {
        trigger: { type: 'card_created' },
        actions: tags.map((tag_id) => ({ type: 'add_tag', tag_id })),
      },
    });
    const id = created.json().id as number;
    expect((await w.call('admin', 'POST', w.centro, `automations/${id}/publish`)).statusCode).toBe(200);
    try {
      // Ten steps: more than any two minutes take, however the burst falls on the clock.
      const cards = [];
      for (let i = 0; i < 5; i++) cards.push((await w.create('admin', w.centro)).id);
      const deferred = await eventually(async () => {
        const jobs = await stepJobs();
        return jobs.due === 0 && jobs.later > 0 ? jobs : undefined;
      });
      expect(deferred.later).toBeGreaterThan(0);
      const slots = await w.t.database.db.select().from(automationStepSlots);
      for (const slot of slots) expect(slot.steps).toBeLessThanOrEqual(LIMIT);
      // The minutes pass: each deferred step finds free slots.
      const runs = await eventually(async () => {
        await w.t.database.db.execute(
          sql`update automation_step_slots set minute = minute - interval '1 hour'`,
        );
        await w.t.database.db.execute(
          sql`update pgboss.job set start_after = now() where name = ${AUTOMATION_STEP_QUEUE} and state = 'created'`,
        );
        const res = await w.call('admin', 'GET', w.centro, `automations/${id}/logs`);
        const data = res.json().data as { status: string; steps: unknown[] }[];
        return data.length === cards.length && data.every((r) => r.status === 'completed') ? data : undefined;
      }, 60_000);
      for (const run of runs) expect(run.steps).toHaveLength(tags.length);
      for (const card of cards) expect((await w.card(w.centro, card)).tags).toEqual(tags);
      const list = await w.call('admin', 'GET', w.centro, 'automations');
      expect(list.json().data.find((a: { id: number }) => a.id === id).run_count).toBe(cards.length);
    } finally {
      await w.call('admin', 'DELETE', w.centro, `automations/${id}`);
    }
  });
});
