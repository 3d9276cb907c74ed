// The dashboards benchmark (ARCHITECTURE.md §9): every dashboard endpoint on the 1,000,000-card workspace of the
// pipeline benchmark, for its admin's 30-day view, through the API and as the same SQL run directly.
//
// Usage: npm run dashboards -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server to use; a database is seeded there as the
//                                              pipeline benchmark seeds it and dropped at the end
//   BENCH_KEEP=1             keep that database (its name is printed)
//   BENCH_REUSE=<database>   measure a kept database again (one the pipeline benchmark kept, say), without seeding
//   BENCH_CARDS=<n>          cards of the big workspace (default 1000000)
//   BENCH_REQUESTS=<n>       measured requests per endpoint, after a warm-up pass of as many (default 200)
//   BENCH_EXPLAIN=1          print EXPLAIN (ANALYZE, BUFFERS) of every endpoint, not only of those over budget
import pg from 'pg';
import { benchOnFreshDatabase, run } from './bench-support.ts';
import { measureAll, printServer, REQUESTS, type Scenario } from './measure.ts';
import { ADMIN_EMAIL, BIG_WORKSPACE, PASSWORD, printSize, seedAll } from './pipeline-world.ts';

const BUDGET = { p95Ms: 100, ratio: 1.5 };
const VIEW_DAYS = 30;

/** The big workspace and one of its reps (whose own dashboard GET /dashboards/{id} reads). */
async function readWorkspace(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await run<{ id: number; rep: number; cards: number }>(
      client,
      `select w.id, (select user_id from members m where m.platform_id = w.platform_id and m.workspace_id = w.id
                     and m.role = 'salesRep' order by user_id limit 1) rep,
              (select count(*)::int from opportunities o where o.platform_id = w.platform_id and o.workspace_id = w.id
                 and o.updated_at >= now() - :days::int * interval '1 day') cards
       from workspaces w where w.name = :name`,
      { name: BIG_WORKSPACE, days: VIEW_DAYS },
    );
    const [found] = rows;
    if (!found) throw new Error(`no workspace '${BIG_WORKSPACE}' in this database`);
    return found;
  } finally {
    await client.end();
  }
}

const ENDPOINTS = [
  'summary-dashboards/overall',
  'summary-dashboards/omnichannel',
  'summary-dashboards/voip',
  'summary-dashboards/imbot',
  'summary-dashboards/tpo',
  'dashboards/sales-stage',
  'dashboards/closed-type',
  'dashboards/state-type',
  'dashboards/campaign',
  'dashboards/media',
  'dashboards/probability',
  'dashboards/user',
  'dashboards/source-type',
  'dashboards/product',
  'dashboards/task-scheduled',
  'dashboards/sales-rep',
  'dashboards/service-trails',
  'dashboards/digital-employee-stats',
  'digital-employees/dashboard/opportunities',
  'commercial/dashboards/workspaces',
];

/** What the screen sends for the last 30 days, as whole days up to today. */
function view() {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return `start_timestamp=${day(VIEW_DAYS - 1)}&end_timestamp=${day(0)}&date_type=updated_at`;
}

const rowsOf = (body: unknown) => {
  const data = (body as { data?: unknown }).data;
  return Array.isArray(data) ? data.length : 1;
};

function scenarios(workspaceId: number, repId: number): Scenario[] {
  const base = `/api/v1/workspaces/${workspaceId}`;
  return [...ENDPOINTS, `dashboards/${repId}`].map((path) => ({
    name: path.replace(String(repId), '{id}'),
    url: () => `${base}/${path}?${view()}`,
    rows: rowsOf,
  }));
}

await benchOnFreshDatabase('Dashboards benchmark', {
  first: printServer,
  seed: seedAll,
  async measure(url) {
    await printSize(url);
    const workspace = await readWorkspace(url);
    console.log(`  '${BIG_WORKSPACE}': ${workspace.cards} cards changed in the last ${VIEW_DAYS} days`);
    console.log(
      `Measuring ${REQUESTS} requests per endpoint over HTTP and through app.inject, after as many to warm up:`,
    );
    await measureAll(url, scenarios(workspace.id, workspace.rep), BUDGET, {
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
  },
});
