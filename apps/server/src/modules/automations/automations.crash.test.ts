import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crashAndResume, crashTestsRun, signedIn, useCrashWorld } from '../../../test/crash.ts';

const CARDS = 40;
const TASK_NAME = 'Primeiro contato';

describe.skipIf(!crashTestsRun)('automations: the server killed mid-run (PostgreSQL)', () => {
  const crashed = useCrashWorld();

  it('killed with SIGKILL while runs have steps queued, a restarted server runs every step of every run exactly once', async () => {
    const world = crashed();
    const { db, server } = world;
    const { token, workspaceId } = await signedIn(world);
    const call = <T>(method: string, path: string, body?: unknown) =>
      server.call<T>(method, `/workspaces/${workspaceId}${path}`, { token, ...(body ? { body } : {}) });
    const first = async (list: string) =>
      (await call<{ data: { id: number }[] }>('GET', `/${list}`)).body.data[0]?.id;
    const actions = [
      {
        type: 'create_task',
        name: TASK_NAME,
        task_type_id: await first('task-types'),
        interaction_type_id: await first('interaction-types'),
        due_in: 1,
        due_unit: 'hours',
      },
      { type: 'add_tag', tag_id: await first('tags') },
      { type: 'assign', user_id: null },
    ];
    const created = await call<{ id: number }>('POST', '/automations', {
      name: 'Primeiro contato',
      definition: { trigger: { type: 'card_created' }, actions },
    });
    expect(created.status).toBe(200);
    expect((await call('POST', `/automations/${created.body.id}/publish`)).status).toBe(200);

    const count = async (query: ReturnType<typeof sql>) => {
      const { rows } = (await db.execute(query)) as unknown as { rows: { n: number }[] };
      return Number(rows[0]?.n ?? 0);
    };
    const steps = () => count(sql`select count(*)::int as n from automation_steps`);
    const running = () => count(sql`select count(*)::int as n from automation_runs where status = 'running'`);
    const mediaId = await first('medias');
    // Cards keep coming in until the kill cuts the stream of requests off.
    const creating = (async () => {
      for (let i = 0; i < CARDS; i++) {
        const card = await call('POST', '/opportunities', {
          source_type: 'Offline',
          media_id: mediaId,
          contact: {
            name: `Contato da automação ${i}`,
            phone_number: `119${String(70000000 + i).padStart(8, '0')}`,
          },
        }).catch(() => null);
        if (card?.status !== 200) return card?.status;
      }
    })();
    await crashAndResume(server, {
      name: `automation runs of up to ${CARDS} cards`,
      inFlight: async () => (await steps()) >= 6 && (await running()) > 0,
      done: steps,
      finished: async () => (await running()) === 0,
    });
    await creating;

    const { rows: runs } = (await db.execute(sql`
      select r.opportunity_id as card, r.status, r.reason, array_agg(s.step_index order by s.step_index) as steps,
             (select count(*)::int from tasks t where t.opportunity_id = r.opportunity_id and t.name = ${TASK_NAME}) as tasks
      from automation_runs r left join automation_steps s on s.run_id = r.id
      group by r.id`)) as unknown as {
      rows: { card: number; status: string; reason: string | null; steps: number[]; tasks: number }[];
    };
    const cards =
      await count(sql`select count(*)::int as n from opportunities o join contacts c on c.id = o.contact_id
      where o.workspace_id = ${workspaceId} and c.name like 'Contato da automação %'`);
    // Every card that was created started its run once, and each run did each step once.
    expect(runs.length).toBeGreaterThan(0);
    expect(runs).toHaveLength(cards);
    expect(new Set(runs.map((r) => r.card)).size).toBe(runs.length);
    for (const run of runs)
      expect(run).toMatchObject({ status: 'completed', reason: null, steps: [0, 1, 2], tasks: 1 });
  }, 180_000);
});
