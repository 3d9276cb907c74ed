// The pipeline benchmark (ARCHITECTURE.md §9): one workspace of 1,000,000 cards on PostgreSQL, beside 20
// smaller workspaces, measured through the API and as the same SQL run directly.
//
// Usage: npm run pipeline -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server to use, e.g.
//                                              postgres://root@127.0.0.1:5432/test; a database
//                                              vendaval_bench_<random> is created there and dropped at the end
//   BENCH_KEEP=1             keep that database (its name is printed)
//   BENCH_REUSE=<database>   measure a kept database again, without seeding
//   BENCH_CARDS=<n>          cards of the big workspace (default 1000000)
//   BENCH_REQUESTS=<n>       measured requests per scenario, after a warm-up pass of as many (default 200)
//   BENCH_EXPLAIN=1          print EXPLAIN (ANALYZE, BUFFERS) of every scenario, not only of those over budget
//
// The API is called over HTTP on the real app built as the API tests build it, listening in this process, and
// through app.inject beside it, signed in as the admin of the big workspace, and compared with the same SQL run
// directly, request by request (see measure.ts).
import { QUALIFICATION_VALUES } from '@vendaval/core/constants';
import { defaultDateRangeFrom } from '@vendaval/core/permissions';
import pg from 'pg';
import { benchOnFreshDatabase, run } from './bench-support.ts';
import { measureAll, printServer, REQUESTS, type Scenario } from './measure.ts';
import {
  ADMIN_EMAIL,
  BIG_WORKSPACE,
  PASSWORD,
  printSize,
  randomSource,
  type Scope,
  SOURCE_POOL,
  seedAll,
} from './pipeline-world.ts';

const BUDGET = { p95Ms: 50, ratio: 1.3 };
const DAY_MS = 24 * 60 * 60 * 1000;

// ---- what the requests ask for ------------------------------------------------------------------------------

interface World extends Scope {
  stages: number[];
  reps: number[];
  products: number[];
  tags: number[];
  campaigns: number[];
  cards: number[];
  /** Cards of the workspace, and those the admin's default date range (updated_at) takes in. */
  total: number;
  inRange: number;
}

async function cardsInRange(client: pg.Client, scope: { platform: number; workspace: number }) {
  const { rows } = await run<{ total: number; in_range: number }>(
    client,
    `select count(*)::int total, count(*) filter (where updated_at >= :start::timestamptz)::int in_range
     from opportunities where platform_id = :platform and workspace_id = :workspace`,
    { ...scope, start: defaultDateRangeFrom('admin', new Date()).start },
  );
  return { total: rows[0]?.total ?? 0, inRange: rows[0]?.in_range ?? 0 };
}

async function readWorld(url: string): Promise<World> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [workspace] = (
      await run<{ id: number; platform_id: number }>(
        client,
        'select id, platform_id from workspaces where name = :name',
        {
          name: BIG_WORKSPACE,
        },
      )
    ).rows;
    if (!workspace) throw new Error(`no workspace '${BIG_WORKSPACE}' in this database`);
    const scope = { platform: workspace.platform_id, workspace: workspace.id };
    const ids = async (text: string, extra: Record<string, unknown> = {}) =>
      (await run<{ id: number }>(client, text, { ...scope, ...extra })).rows.map((r) => r.id);
    const ofList = (table: string) =>
      ids(`select id from ${table} where platform_id = :platform and workspace_id = :workspace order by id`);
    return {
      platformId: workspace.platform_id,
      workspaceId: workspace.id,
      stages: await ofList('sales_stages'),
      reps: await ids(
        `select user_id id from members where platform_id = :platform and workspace_id = :workspace and role = 'salesRep'`,
      ),
      products: await ofList('products'),
      tags: await ofList('tags'),
      campaigns: await ofList('campaigns'),
      ...(await cardsInRange(client, scope)),
      cards: await ids(
        `select id from opportunities tablesample system (1) repeatable (2027)
         where platform_id = :platform and workspace_id = :workspace limit :n::int`,
        { n: REQUESTS * 2 },
      ),
    };
  } finally {
    await client.end();
  }
}

function scenarios(world: World): Scenario[] {
  const random = randomSource(2027);
  const base = `/api/v1/workspaces/${world.workspaceId}/opportunities`;
  const start = defaultDateRangeFrom('admin', new Date()).start;
  const range = (daysLater = 0) =>
    `timestamp_attribute=updated_at&start_timestamp=${new Date(start.getTime() + daysLater * DAY_MS).toISOString()}`;
  const list = (body: unknown) => (body as { data: unknown[] }).data.length;
  const column = (offset: number) => (i: number) =>
    `${base}?${range()}&sales_stage_id=${world.stages[i % world.stages.length]}&sort=display_order&limit=50&offset=${offset}`;
  // Twice as many as measured: the warm-up pass asks for the second half.
  const plans = Array.from({ length: REQUESTS * 2 }, () => ({
    user: random.pick(world.reps),
    product: random.pick(world.products),
    tags: [random.pick(world.tags), random.pick(world.tags)],
    campaign: random.pick(world.campaigns),
    source: random.pick(SOURCE_POOL),
    probability: random.pick(QUALIFICATION_VALUES),
  }));
  const plan = (i: number) => plans[i % plans.length] as (typeof plans)[number];
  return [
    // Warmed up on pages further down the same columns.
    { name: 'board column, page 1', url: column(0), warmUp: column(200), rows: list },
    { name: 'board column, page 2', url: column(50), warmUp: column(250), rows: list },
    {
      name: 'list: user + product + tags',
      url: (i) =>
        `${base}?${range()}&user_id=${plan(i).user}&product_id=${plan(i).product}&tags=${plan(i).tags.join(',')}`,
      rows: list,
    },
    {
      name: 'list: campaign + source + probability',
      url: (i) =>
        `${base}?${range()}&campaign_id=${plan(i).campaign}&source_type=${plan(i).source}&probability=${plan(i).probability}`,
      rows: list,
    },
    {
      name: 'stage summary',
      url: () => `${base}/summary?${range()}`,
      // Warmed up on periods that start a few days later.
      warmUp: (i) => `${base}/summary?${range(1 + (i % 7))}`,
      rows: list,
    },
    {
      name: 'history of a card',
      url: (i) => `${base}/history?opportunity_id=${world.cards[i % world.cards.length]}`,
      rows: list,
    },
  ];
}

// ---- main ----------------------------------------------------------------------------------------------------

await benchOnFreshDatabase('Pipeline benchmark', {
  first: printServer,
  seed: seedAll,
  async measure(url) {
    await printSize(url);
    const world = await readWorld(url);
    const share = ((100 * world.inRange) / world.total).toFixed(0);
    console.log(
      `  '${BIG_WORKSPACE}': ${world.total} cards, ${world.inRange} (${share}%) in the admin's default range`,
    );
    console.log(
      `Measuring ${REQUESTS} requests per scenario over HTTP and through app.inject, after as many on other URLs to warm up:`,
    );
    await measureAll(url, scenarios(world), BUDGET, { email: ADMIN_EMAIL, password: PASSWORD });
  },
});
