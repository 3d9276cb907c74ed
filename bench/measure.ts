// How the benchmarks measure an endpoint: through the real app (app.inject) and as the same SQL run directly.
// The statements each request runs are captured from the app's pool and replayed with pg on a pool of the same size,
// keeping what ran together (Promise.all) together: "SQL" is the same statements with the same parameters, guards
// included, without the app around them.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile, startApp } from './bench-support.ts';

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const EXPLAIN_ALL = process.env.BENCH_EXPLAIN === '1';

export interface Budget {
  p95Ms: number;
  ratio: number;
}

export interface Scenario {
  name: string;
  /** The i-th request's URL. */
  url(i: number): string;
  rows(body: unknown): number;
}

// ---- measuring ---------------------------------------------------------------------------------------------

interface Statement {
  config: pg.QueryConfig;
  values: unknown[];
  start: number;
  end: number;
}

/** Records what the app's pool runs while `record` is running; passes everything through untouched. */
function statementRecorder(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (
    config: pg.QueryConfig,
    values?: unknown[],
  ) => Promise<pg.QueryResult>;
  let recording: Statement[] | undefined;
  pool.query = ((config: pg.QueryConfig, values?: unknown[]) => {
    if (!recording) return query(config, values);
    const statement: Statement = { config, values: values ?? [], start: performance.now(), end: 0 };
    recording.push(statement);
    return query(config, values).then((result) => {
      statement.end = performance.now();
      return result;
    });
  }) as typeof pool.query;
  return async <T>(body: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> => {
    recording = [];
    try {
      const result = await body();
      return { result, statements: recording };
    } finally {
      recording = undefined;
    }
  };
}

/** Statements that overlapped ran together (Promise.all); a statement that began after all ended waited for them. */
function rounds(statements: Statement[]): Statement[][] {
  const result: Statement[][] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const s of [...statements].sort((a, b) => a.start - b.start)) {
    const current = result.at(-1);
    if (!current || s.start >= end) {
      result.push([s]);
      end = s.end;
    } else {
      current.push(s);
      end = Math.max(end, s.end);
    }
  }
  return result;
}

async function replay(pool: pg.Pool, statements: Statement[][]) {
  const begin = performance.now();
  for (const round of statements) await Promise.all(round.map((s) => pool.query(s.config, s.values)));
  return performance.now() - begin;
}

interface Measured {
  scenario: Scenario;
  api: number[];
  sql: number[];
  rows: number[];
  captured: Statement[][];
  shape: string;
}

async function measureScenario(
  scenario: Scenario,
  call: (url: string) => Promise<{ body: unknown; ms: number }>,
  record: ReturnType<typeof statementRecorder>,
  replayPool: pg.Pool,
): Promise<Measured> {
  // Warm-up pass: every request once, recording the statements it runs.
  const captured: Statement[][] = [];
  for (let i = 0; i < REQUESTS; i++) captured.push((await record(() => call(scenario.url(i)))).statements);
  const measured: Measured = {
    scenario,
    api: [],
    sql: [],
    rows: [],
    captured,
    shape: shapeOf(captured[0] ?? []),
  };
  for (let i = 0; i < REQUESTS; i++) {
    const statements = rounds(captured[i] ?? []);
    // Alternate which goes first, so neither always finds the other's pages in the cache.
    if (i % 2 === 1) measured.sql.push(await replay(replayPool, statements));
    const { body, ms } = await call(scenario.url(i));
    measured.api.push(ms);
    measured.rows.push(scenario.rows(body));
    if (i % 2 === 0) measured.sql.push(await replay(replayPool, statements));
  }
  return measured;
}

/** '5 in 3' = five statements in three rounds (guards, then the endpoint's own). */
const shapeOf = (statements: Statement[]) => `${statements.length} in ${rounds(statements).length}`;

// ---- reporting ------------------------------------------------------------------------------------------------

const overBudget = (m: Measured, budget: Budget) =>
  percentile(m.api, 95) >= budget.p95Ms || percentile(m.api, 95) / percentile(m.sql, 95) >= budget.ratio;

function printTable(results: Measured[], budget: Budget) {
  const header = [
    'scenario',
    'n',
    'rows',
    'stmts',
    'API p50',
    'API p95',
    'SQL p50',
    'SQL p95',
    'ratio p50',
    'ratio p95',
    '',
  ];
  const lines = results.map((m) => {
    const [a50, a95, s50, s95] = [
      percentile(m.api, 50),
      percentile(m.api, 95),
      percentile(m.sql, 50),
      percentile(m.sql, 95),
    ];
    const meanRows = m.rows.reduce((a, b) => a + b, 0) / m.rows.length;
    return [
      m.scenario.name,
      String(m.api.length),
      meanRows.toFixed(1),
      m.shape,
      a50.toFixed(2),
      a95.toFixed(2),
      s50.toFixed(2),
      s95.toFixed(2),
      (a50 / s50).toFixed(2),
      (a95 / s95).toFixed(2),
      overBudget(m, budget) ? 'OVER' : 'ok',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(
    `times in ms; rows = mean rows answered; stmts = statements (guards included) in rounds that ran one after ` +
      `another; ratio = API / SQL; budget: API p95 < ${budget.p95Ms} ms and ratio p95 < ${budget.ratio}`,
  );
}

const HEAVY_STATEMENT_MS = 1;

/**
 * Plans of the scenario's statements that take a millisecond or more at the median (at least its heaviest), each
 * with the parameters of the request where it came nearest its 95th percentile.
 */
async function explain(pool: pg.Pool, m: Measured) {
  const positions = m.captured[0]?.length ?? 0;
  const durations = (p: number) =>
    m.captured.map((request) => (request[p] ? request[p].end - request[p].start : 0));
  const medians = Array.from({ length: positions }, (_, p) => percentile(durations(p), 50));
  const heaviest = medians.indexOf(Math.max(...medians));
  for (let p = 0; p < positions; p++) {
    if (p !== heaviest && (medians[p] ?? 0) < HEAVY_STATEMENT_MS) continue;
    const times = durations(p);
    const statement = m.captured[times.indexOf(percentile(times, 95))]?.[p];
    if (!statement) continue;
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.config.text}`,
      statement.values,
    );
    console.log(
      `\n--- ${m.scenario.name}: statement ${p + 1} of ${positions}, median ${medians[p]?.toFixed(2)} ms ---`,
    );
    console.log(statement.config.text);
    console.log(`parameters: ${JSON.stringify(statement.values)}`);
    for (const row of plan.rows) console.log(row['QUERY PLAN']);
  }
}

/** Every scenario through the app signed in as `login`, then as the same SQL; the table, and plans where over budget. */
export async function measureAll(
  url: string,
  scenarios: Scenario[],
  budget: Budget,
  login: { email: string; password: string },
) {
  const { app, database, call, pool } = await startApp(url, login.email, login.password);
  const record = statementRecorder(pool);
  const replayPool = new pg.Pool({ connectionString: url, max: pool.options.max });
  try {
    const results: Measured[] = [];
    for (const scenario of scenarios) {
      results.push(await measureScenario(scenario, call, record, replayPool));
      process.stdout.write(`\r  measured ${results.length} of ${scenarios.length} scenarios`);
    }
    console.log('\n');
    printTable(results, budget);
    console.log(`load average after measuring: ${machineLoad()}`);
    for (const m of results) if (EXPLAIN_ALL || overBudget(m, budget)) await explain(replayPool, m);
  } finally {
    await replayPool.end();
    await app.close();
    await database.close();
  }
}

/** Other work on the machine shows in the numbers; the load says how much there was. */
export const machineLoad = () =>
  `${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;

export async function printServer(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const settings = await client.query<{ name: string; setting: string }>(
      `select name, current_setting(name) setting from unnest(array['server_version', 'shared_buffers', 'work_mem',
       'effective_cache_size', 'random_page_cost', 'max_parallel_workers_per_gather']) name`,
    );
    console.log(`  ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`);
    console.log(`  load average ${machineLoad()}`);
  } finally {
    await client.end();
  }
}
