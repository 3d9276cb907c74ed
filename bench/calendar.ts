// The calendar benchmark (issue: calendar and agenda): a workspace of 50,000 tasks on PostgreSQL; the month
// view's request, through the API, must answer in under 300 ms.
//
// Usage: npm run calendar -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server to use, e.g.
//                                              postgres://root@127.0.0.1:5432/test; a database
//                                              vendaval_bench_<random> is created there and dropped at the end
//   BENCH_KEEP=1             keep that database (its name is printed)
//   BENCH_REUSE=<database>   measure a kept database again, without seeding
//   BENCH_TASKS=<n>          tasks of the workspace (default 50000)
//   BENCH_REQUESTS=<n>       measured requests per scenario, after a warm-up pass of as many (default 100)
//
// The API is called in-process with app.inject (no socket) on the real app, as the calendar screen calls it:
// for the month view's visible days (first to last, bare dates), the first tasks of each day by time (per_day,
// what a cell shows) and the count of tasks per day (GET /tasks/days, for '+N mais'). The screen sends both at
// once; the budget holds for their API times added up.

import { APP_TIME_ZONE, LIST_LIMIT, MONTH_CELL_TASKS } from '@vendaval/core/constants';
import type pg from 'pg';
// The app before any module of it: it loads the tables in the order their references need.
import '../apps/server/src/app.ts';
import { createSalesStages } from '../apps/server/src/modules/catalog/catalog.service.ts';
import { DEFAULT_PLATFORM_ID } from '../apps/server/src/modules/platform/platform.profiles.ts';
import { addMember, createUser } from '../apps/server/src/modules/users/users.service.ts';
import { openWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service.ts';
import {
  benchOnFreshDatabase,
  percentile,
  run,
  seedDatabase,
  seedSalesReps,
  signedInCaller,
  startApp,
  timed,
} from './bench-support.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const BUDGET_MS = 300;

const WORKSPACE = 'Bench Agenda';
const ADMIN_EMAIL = 'admin@bench.local';
const REP_EMAIL = 'atendente@bench.local';
const PASSWORD = 'Bench-Senha1!';
const REPS = 20;
const TASKS_PER_CARD = 10;
/** Tasks spread from a year back to two months ahead, as a team's agenda grows. */
const DAYS_BACK = 365;
const DAYS_AHEAD = 60;
const ACTIONS = ['Ligar', 'Enviar mensagem', 'Enviar proposta', 'Agendar visita', 'Follow-up'];
const INTERACTIONS = ['Ligação', 'WhatsApp', 'E-mail', 'Visita'];

// ---- seeding ----------------------------------------------------------------------------------------------

type Scope = { platformId: number; workspaceId: number };

async function seedLists(client: pg.Client, scope: Scope) {
  const values = { platform: scope.platformId, workspace: scope.workspaceId };
  const interactions = await run<{ id: number }>(
    client,
    `insert into interaction_types (platform_id, workspace_id, name)
     select :platform::int, :workspace::int, unnest(:names::text[]) returning id`,
    { ...values, names: INTERACTIONS },
  );
  const first = interactions.rows[0]?.id;
  const actions = await run<{ id: number }>(
    client,
    `insert into task_types (platform_id, workspace_id, name, default_interaction_type_id)
     select :platform::int, :workspace::int, unnest(:names::text[]), :first::int returning id`,
    { ...values, names: ACTIONS, first },
  );
  return { actions: actions.rows.map((r) => r.id), interactions: interactions.rows.map((r) => r.id) };
}

/** Cards spread over the people; each card's tasks are its responsible's, as the task form makes them. */
async function seedCards(client: pg.Client, scope: Scope, stageId: number, people: number[]) {
  const cards = await run<{ id: number }>(
    client,
    `insert into opportunities (platform_id, workspace_id, name, sales_stage_id, user_id, source_type)
     select :platform::int, :workspace::int, 'Oportunidade ' || g, :stage::int,
            (:people::int[])[1 + g % cardinality(:people::int[])], 'Offline'
     from generate_series(1, :count::int) g returning id`,
    {
      platform: scope.platformId,
      workspace: scope.workspaceId,
      stage: stageId,
      people,
      count: Math.max(1, Math.ceil(TASKS / TASKS_PER_CARD)),
    },
  );
  return cards.rows.map((r) => r.id);
}

/** Past tasks mostly done (an hour after their time), the rest open; times on the half hour, 08:00 to 18:30. */
const TASKS_SQL = `
insert into tasks (platform_id, workspace_id, opportunity_id, user_id, name, task_type_id, interaction_type_id,
                   start_timestamp, status, ended_at, ended_scheduled)
select :platform::int, :workspace::int, o.id, o.user_id, (:actions_names::text[])[1 + t.a], (:actions::int[])[1 + t.a],
       (:interactions::int[])[1 + t.g % cardinality(:interactions::int[])], t.start,
       case when t.done then 'Completed' else 'NotStarted' end,
       case when t.done then (t.start at time zone :zone::text) + interval '1 hour' end,
       t.done
from (
  select s.*, s.start < now() at time zone :zone::text and random() < 0.7 done
  from (
    select g, g % cardinality(:actions::int[]) a,
           date_trunc('day', now() at time zone :zone::text) - make_interval(days => :days_back::int)
           + make_interval(days => floor(random() * (:days_back::int + :days_ahead::int))::int)
           + make_interval(mins => 30 * (16 + floor(random() * 22))::int) start
    from generate_series(1, :count::int) g
  ) s
) t
join opportunities o on o.id = (:cards::int[])[1 + t.g % cardinality(:cards::int[])]`;

async function seedTasks(
  client: pg.Client,
  scope: Scope,
  cards: number[],
  lists: { actions: number[]; interactions: number[] },
) {
  await run(client, TASKS_SQL, {
    platform: scope.platformId,
    workspace: scope.workspaceId,
    actions_names: ACTIONS,
    actions: lists.actions,
    interactions: lists.interactions,
    cards,
    count: TASKS,
    zone: APP_TIME_ZONE,
    days_back: DAYS_BACK,
    days_ahead: DAYS_AHEAD,
  });
}

function seedAll(url: string) {
  return seedDatabase(url, async ({ database, client }) => {
    const admin = await createUser(database.db, DEFAULT_PLATFORM_ID, {
      name: 'Ana Bench',
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    const rep = await createUser(database.db, DEFAULT_PLATFORM_ID, {
      name: 'Alice Bench',
      email: REP_EMAIL,
      password: PASSWORD,
    });
    const workspace = await openWorkspace(
      database.db,
      { platformId: DEFAULT_PLATFORM_ID, userId: admin.id },
      WORKSPACE,
    );
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: workspace.id };
    await addMember(database.db, DEFAULT_PLATFORM_ID, workspace.id, rep.id, 'salesRep');
    const [stage] = await createSalesStages(database.db, scope, [
      { name: 'Novo lead', color: '228be6', type: 'First', displayOrder: 1 },
    ]);
    if (!stage) throw new Error('no stage');
    await client.query('set synchronous_commit = off');
    const people = [
      rep.id,
      ...(await seedSalesReps(client, scope, admin.passwordHash, {
        count: REPS,
        name: 'Atendente',
        login: 'rep',
        domain: 'bench.local',
        code: 'BENCH',
      })),
    ];
    const lists = await seedLists(client, scope);
    const cards = await timed('cards', () => seedCards(client, scope, stage.id, people));
    await timed(`${TASKS} tasks`, () => seedTasks(client, scope, cards, lists));
    await timed('vacuum analyze', () => client.query('vacuum analyze'));
  });
}

// ---- measuring --------------------------------------------------------------------------------------------

const brasiliaDay = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE });
const DAY_MS = 86_400_000;

/** The month view of this month, as the calendar shows it: six weeks from the Sunday on or before the 1st. */
function monthView(now = new Date()) {
  const first = new Date(`${brasiliaDay.format(now).slice(0, 8)}01T00:00:00Z`);
  const start = new Date(first.getTime() - first.getUTCDay() * DAY_MS);
  const end = new Date(start.getTime() + 41 * DAY_MS);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

type Call = Awaited<ReturnType<typeof signedInCaller>>;

/** The requests one screen load sends; its time is theirs added up, its rows those of the first. */
async function load(call: Call, urls: string[]) {
  const answers = [];
  for (const url of urls) answers.push(await call(url));
  return { ms: answers.reduce((sum, a) => sum + a.ms, 0), body: answers[0]?.body };
}

async function measure(label: string, call: Call, urls: string[]) {
  for (let i = 0; i < REQUESTS; i++) await load(call, urls);
  const times: number[] = [];
  let body: unknown;
  for (let i = 0; i < REQUESTS; i++) {
    const answer = await load(call, urls);
    times.push(answer.ms);
    body = answer.body;
  }
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const page = body as { data?: unknown[]; pagination?: { total_count: number } };
  const rows = page.pagination ? `${page.data?.length} of ${page.pagination.total_count} tasks` : '';
  const verdict = p95 < BUDGET_MS ? 'ok' : `OVER the ${BUDGET_MS} ms budget`;
  console.log(
    `  ${label.padEnd(48)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${verdict}   ${rows}`,
  );
  return p95 < BUDGET_MS;
}

async function measureAll(url: string) {
  const { app, database, call } = await startApp(url, ADMIN_EMAIL, PASSWORD);
  try {
    const rep = await signedInCaller(app, REP_EMAIL, PASSWORD);
    const workspaces = (await call('/api/v1/users/self/workspaces')).body as {
      data: { id: number; name: string }[];
    };
    const workspace = workspaces.data.find((w) => w.name === WORKSPACE);
    if (!workspace) throw new Error(`no workspace '${WORKSPACE}'`);
    const view = monthView();
    const base = `/api/v1/workspaces/${workspace.id}/tasks`;
    const range = `start_timestamp=${view.start}&end_timestamp=${view.end}`;
    const firstOfEachDay = `${base}?${range}&per_day=${MONTH_CELL_TASKS}&sort=start_timestamp&limit=${LIST_LIMIT}`;
    const perDay = `${base}/days?${range}`;
    const summary = `${base}/summary?${range}`;
    console.log(
      `Month view ${view.start} to ${view.end}, ${REQUESTS} requests each after as many to warm up:`,
    );
    const results = [
      await measure('month view, admin (tasks + per-day counts)', call, [firstOfEachDay, perDay]),
      await measure('month view, salesRep (own tasks + counts)', rep, [firstOfEachDay, perDay]),
      await measure('  of which per-day counts, admin', call, [perDay]),
      await measure('month summary, admin', call, [summary]),
    ];
    if (results.includes(false)) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}

// ---- main ----------------------------------------------------------------------------------------------------

await benchOnFreshDatabase('Calendar benchmark', { seed: seedAll, measure: measureAll });
