// The automations benchmark (ARCHITECTURE §9): on PostgreSQL, one workspace with 20 live automations, each on
// cards of a stage of its own ("card created" → create a task for the rep). The app runs in this process, as one
// server: its pg-boss workers run the steps while BENCH_EVENTS cards (default 10,000) are created through the API,
// BENCH_CONCURRENCY at a time, spread over the 20 stages. Printed: events per second sustained (cards created, and
// runs finished, per second from the first card to the last run), p50/p95/max from the event (the run's start, in
// the card's transaction) to its first action (its step's commit), budget p95 under 1 s, and the count of runs,
// steps and tasks, each of which must equal the events: no step lost or doubled.
//
// Usage: npm run automations -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server, e.g. postgres://root@127.0.0.1:5432/test;
//                                              a database vendaval_bench_<random> is created and dropped
//   BENCH_EVENTS=<n>        cards created (default 10000)
//   BENCH_CONCURRENCY=<n>   card creations in flight at once (default 8)
//   BENCH_RATE=<n>          cards created per second at most (default: as fast as the API takes them); the rate
//                           the steps sustain is the highest at which the p95 stays within the budget
//   AUTOMATION_STEPS_PER_MINUTE is lifted for the run, so the pace limit does not set the result.

import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
// The app before any module of it: it loads the tables in the order their references need.
import '../apps/server/src/app.ts';
import { createSalesStages } from '../apps/server/src/modules/catalog/catalog.service.ts';
import { DEFAULT_PLATFORM_ID } from '../apps/server/src/modules/platform/platform.profiles.ts';
import { createUser } from '../apps/server/src/modules/users/users.service.ts';
import { openWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service.ts';
import { benchOnFreshDatabase, HOST, run, seedDatabase, startApp } from './bench-support.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const RATE = Number(process.env.BENCH_RATE ?? 0);
const AUTOMATIONS = 20;
const BUDGET_P95_MS = 1000;
const ADMIN_EMAIL = 'admin@automations-bench.local';
const PASSWORD = 'Bench-Senha1!';
const TASK_NAME = 'Ligar para o lead';

function seed(url: string) {
  return seedDatabase(url, async ({ database }) => {
    const admin = await createUser(database.db, DEFAULT_PLATFORM_ID, {
      name: 'Ana Bench',
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    const workspace = await openWorkspace(
      database.db,
      { platformId: DEFAULT_PLATFORM_ID, userId: admin.id },
      'Bench Automações',
    );
    await createSalesStages(
      database.db,
      { platformId: DEFAULT_PLATFORM_ID, workspaceId: workspace.id },
      Array.from({ length: AUTOMATIONS }, (_, i) => ({
        name: `Etapa ${i + 1}`,
        color: '228be6',
        type: i === 0 ? ('First' as const) : ('PreSale' as const),
        displayOrder: i + 1,
      })),
    );
  });
}

async function measure(url: string) {
  const { app, call, pool, database } = await startApp(url, ADMIN_EMAIL, PASSWORD, {
    automationStepsPerMinute: 1_000_000,
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { host: HOST },
      payload: { username: ADMIN_EMAIL, password: PASSWORD },
    });
    const token = login.json().access_token as string;
    const workspaceId = ((await call('/api/v1/users/self/workspaces')).body as { data: { id: number }[] })
      .data[0]?.id as number;
    const inject = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const res = await app.inject({
        method,
        url: `/api/v1/workspaces/${workspaceId}${path}`,
        headers: { host: HOST, authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode !== 200)
        throw new Error(`${method} ${path} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    const list = async (path: string) => (await inject('GET', path)).data as { id: number; name: string }[];
    const stages = (await list('/sales-stages')).filter((s) => s.name.startsWith('Etapa '));
    const interactionType = await inject('POST', '/interaction-types', { name: 'Ligação' });
    const taskType = await inject('POST', '/task-types', { name: 'Ligar' });
    const media = await inject('POST', '/medias', { name: 'Site', type: 'Offline' });
    if (stages.length !== AUTOMATIONS) throw new Error('the stages are missing');
    for (const stage of stages) {
      const automation = await inject('POST', '/automations', {
        name: `Tarefa em ${stage.name}`,
        definition: {
          trigger: { type: 'card_created' },
          conditions: { stage_ids: [stage.id] },
          actions: [
            {
              type: 'create_task',
              name: TASK_NAME,
              task_type_id: taskType.id,
              interaction_type_id: interactionType.id,
              due_in: 1,
              due_unit: 'hours',
            },
          ],
        },
      });
      await inject('POST', `/automations/${automation.id}/publish`);
    }

    const count = async (sql: string) => Number((await run(pool, sql, {})).rows[0]?.n ?? 0);
    const finished = () => count(`select count(*)::int as n from automation_runs where status <> 'running'`);
    console.log(
      `\n${EVENTS} card events through ${AUTOMATIONS} live automations (${CONCURRENCY} at a time${RATE > 0 ? `, at most ${RATE} a second` : ''}):`,
    );
    const begin = performance.now();
    let next = 0;
    const creator = async () => {
      while (next < EVENTS) {
        const i = next++;
        const due = begin + (RATE > 0 ? (i * 1000) / RATE : 0);
        if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
        await inject('POST', '/opportunities', {
          source_type: 'Offline',
          media_id: media.id,
          sales_stage_id: stages[i % AUTOMATIONS]?.id,
          contact: { name: `Lead ${i}`, phone_number: `119${String(50000000 + i).padStart(8, '0')}` },
        });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, creator));
    const created = performance.now() - begin;
    while ((await finished()) < EVENTS) await new Promise((r) => setTimeout(r, 200));
    const drained = performance.now() - begin;

    const latency = (
      await run(
        pool,
        `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.95) within group (order by ms) as p95,
                max(ms) as max
         from (select extract(epoch from s.executed_at - r.started_at) * 1000 as ms
               from automation_runs r join automation_steps s on s.run_id = r.id and s.step_index = 0) t`,
        {},
      )
    ).rows[0] as { p50: number; p95: number; max: number };
    const runs = await count(`select count(*)::int as n from automation_runs`);
    const completed = await count(
      `select count(*)::int as n from automation_runs where status = 'completed'`,
    );
    const steps = await count(`select count(*)::int as n from automation_steps`);
    const tasks = await count(`select count(*)::int as n from tasks where name = '${TASK_NAME}'`);
    const doubled = await count(
      `select count(*)::int as n from (select opportunity_id from tasks where name = '${TASK_NAME}'
       group by opportunity_id having count(*) > 1) d`,
    );
    const row = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);
    row('cards created per second', (EVENTS / (created / 1000)).toFixed(1));
    row('runs finished per second (first card to last run)', (EVENTS / (drained / 1000)).toFixed(1));
    row(
      'event to first action p50 / p95 / max',
      `${Math.round(latency.p50)} / ${Math.round(latency.p95)} / ${Math.round(latency.max)} ms`,
    );
    row('budget p95 under 1 s', latency.p95 < BUDGET_P95_MS ? 'met' : 'MISSED');
    row(
      'runs / completed / steps / tasks',
      `${runs} / ${completed} / ${steps} / ${tasks} (expected ${EVENTS} each)`,
    );
    row('cards with a task twice', String(doubled));
    row(
      'none lost or doubled',
      runs === EVENTS && completed === EVENTS && steps === EVENTS && tasks === EVENTS && doubled === 0
        ? 'yes'
        : 'NO',
    );
    row(
      'load average (1, 5, 15 min)',
      loadavg()
        .map((n) => n.toFixed(2))
        .join(', '),
    );
  } finally {
    await app.close();
    await database.close();
  }
}

await benchOnFreshDatabase('Automations', { seed, measure });
