// How the benchmarks measure an endpoint: through the real app over HTTP (listening on a port of 127.0.0.1, one
// keep-alive connection), through app.inject beside it, and as the same SQL run directly. The statements each HTTP
// request runs are captured from the app's pool and replayed with pg on a pool of the same size right after it,
// keeping what ran together (Promise.all) together: "SQL" is the same statements with the same parameters, guards
// included, without the app around them. The ratio is taken per request (its API time over its own SQL time), and
// its percentiles reported; the replay finds the pages the request just read in the cache, so if anything the
// ratio overstates the app's share. A warm-up pass first calls each scenario's warm-up URLs, other than the
// measured ones, so that the measured requests find warm code and connections but not their own answers' pages.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Caller, httpCaller, percentile, startApp } from './bench-support.ts';

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const EXPLAIN_ALL = process.env.BENCH_EXPLAIN === '1';

export interface Budget {
  p95Ms: number;
  /** The most the per-request API/SQL ratio may reach at its p50 and at its p95. */
  ratio: number;
}

export interface Scenario {
  name: string;
  /** The i-th request's URL. */
  url(i: number): string;
  /** The i-th warm-up request's URL, other than every measured one (default: url(REQUESTS + i)). */
  warmUp?(i: number): string;
  rows(body: unknown): number;
}

// ---- measuring ---------------------------------------------------------------------------------------------

interface Statement {
  config: pg.QueryConfig | string;
  values: unknown[];
  start: number;
  end: number;
  /** The app's connection it ran on: a transaction's statements share one. */
  connection: number;
}

type Callback = (error: Error | null, result: pg.QueryResult) => void;
type Query = (
  config: pg.QueryConfig | string,
  values?: unknown,
  callback?: Callback,
) => Promise<pg.QueryResult>;

/**
 * Records what the connections of the app's pool run while `record` is running, transactions included (they run
 * on a connection checked out of the pool); passes everything through untouched.
 */
function statementRecorder(pool: pg.Pool) {
  let recording: Statement[] | undefined;
  let connections = 0;
  const watch = (client: pg.ClientBase) => {
    const connection = ++connections;
    const query = client.query.bind(client) as Query;
    client.query = ((config: pg.QueryConfig | string, given?: unknown, callback?: Callback) => {
      if (!recording) return query(config, given, callback);
      // pg-pool passes a callback, drizzle's transactions await a promise; `query(text, callback)` is a form too.
      const done = typeof given === 'function' ? (given as Callback) : callback;
      const values = typeof given === 'function' ? undefined : given;
      const statement: Statement = {
        config,
        values: (values as unknown[] | undefined) ?? [],
        start: performance.now(),
        end: 0,
        connection,
      };
      recording.push(statement);
      if (done)
        return query(config, values, (error, result) => {
          statement.end = performance.now();
          done(error, result);
        });
      return query(config, values).then((result) => {
        statement.end = performance.now();
        return result;
      });
    }) as typeof client.query;
  };
  // The connections opened so far, then every one the pool opens later.
  for (const client of (pool as unknown as { _clients: pg.ClientBase[] })._clients) watch(client);
  pool.on('connect', watch);
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

/** The statements again, round after round, each on a connection of its own for each the app used. */
async function replay(pool: pg.Pool, statements: Statement[][]) {
  const used = [...new Set(statements.flat().map((s) => s.connection))];
  const clients = new Map(await Promise.all(used.map(async (c) => [c, await pool.connect()] as const)));
  try {
    const begin = performance.now();
    for (const round of statements)
      await Promise.all(
        round.map((s) => (clients.get(s.connection) as pg.PoolClient).query(s.config, s.values)),
      );
    return performance.now() - begin;
  } finally {
    for (const client of clients.values()) client.release();
  }
}

interface Measured {
  scenario: Scenario;
  /** Per request, over HTTP, through app.inject, and as the SQL it ran. */
  api: number[];
  inject: number[];
  sql: number[];
  rows: number[];
  captured: Statement[][];
  shape: string;
}

async function measureScenario(
  scenario: Scenario,
  callers: { http: Caller; inject: Caller },
  record: ReturnType<typeof statementRecorder>,
  replayPool: pg.Pool,
): Promise<Measured> {
  const warmUp = scenario.warmUp ?? ((i: number) => scenario.url(REQUESTS + i));
  for (let i = 0; i < REQUESTS; i++) {
    await callers.http(warmUp(i));
    await callers.inject(warmUp(i));
  }
  const measured: Measured = { scenario, api: [], inject: [], sql: [], rows: [], captured: [], shape: '' };
  for (let i = 0; i < REQUESTS; i++) {
    const { result, statements } = await record(() => callers.http(scenario.url(i)));
    measured.api.push(result.ms);
    measured.rows.push(scenario.rows(result.body));
    measured.captured.push(statements);
    measured.sql.push(await replay(replayPool, rounds(statements)));
    measured.inject.push((await callers.inject(scenario.url(i))).ms);
  }
  measured.shape = shapeOf(measured.captured[0] ?? []);
  return measured;
}

/** Each request's time over its own SQL time. */
const ratios = (times: number[], sql: number[]) => times.map((ms, i) => ms / (sql[i] ?? Number.NaN));

/** '5 in 3' = five statements in three rounds (guards, then the endpoint's own). */
const shapeOf = (statements: Statement[]) => `${statements.length} in ${rounds(statements).length}`;

// ---- reporting ------------------------------------------------------------------------------------------------

const overBudget = (m: Measured, budget: Budget) =>
  percentile(m.api, 95) >= budget.p95Ms ||
  percentile(ratios(m.api, m.sql), 50) > budget.ratio ||
  percentile(ratios(m.api, m.sql), 95) > budget.ratio;

function printTable(results: Measured[], budget: Budget) {
  const header = [
    'scenario',
    'n',
    'rows',
    'stmts',
    'HTTP p50',
    'HTTP p95',
    'SQL p50',
    'SQL p95',
    'ratio p50',
    'ratio p95',
    'inject p50',
    'inject p95',
    'inj. ratio p50',
    'inj. ratio p95',
    '',
  ];
  const lines = results.map((m) => {
    const http = ratios(m.api, m.sql);
    const inject = ratios(m.inject, m.sql);
    const meanRows = m.rows.reduce((a, b) => a + b, 0) / m.rows.length;
    return [
      m.scenario.name,
      String(m.api.length),
      meanRows.toFixed(1),
      m.shape,
      ...[m.api, m.sql, http, m.inject, inject].flatMap((values) =>
        [50, 95].map((p) => percentile(values, p).toFixed(2)),
      ),
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
      `another; ratio = each request's API time / its own SQL time, at p50 and p95 (HTTP; inject beside it); ` +
      `budget: HTTP p95 < ${budget.p95Ms} ms and ratio <= ${budget.ratio} at p50 and p95`,
  );
}

const HEAVY_STATEMENT_MS = 1;

const textOf = (statement: Statement) =>
  typeof statement.config === 'string' ? statement.config : statement.config.text;

/** The plan of a statement, under the settings its transaction made before it (`set local …`), rolled back. */
async function explained(pool: pg.Pool, statement: Statement, before: Statement[]) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const setting of before.filter((s) => s.connection === statement.connection))
      if (/^\s*set\s/i.test(textOf(setting))) await client.query(textOf(setting));
    return await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${textOf(statement)}`,
      statement.values,
    );
  } finally {
    await client.query('rollback');
    client.release();
  }
}

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
    const request = m.captured[times.indexOf(percentile(times, 95))] ?? [];
    const statement = request[p];
    if (!statement || !/^\s*(select|with)\b/i.test(textOf(statement))) continue;
    const plan = await explained(pool, statement, request.slice(0, p));
    console.log(
      `\n--- ${m.scenario.name}: statement ${p + 1} of ${positions}, median ${medians[p]?.toFixed(2)} ms ---`,
    );
    console.log(textOf(statement));
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
  const callers = { http: await httpCaller(app, login.email, login.password), inject: call };
  const record = statementRecorder(pool);
  const replayPool = new pg.Pool({ connectionString: url, max: pool.options.max });
  try {
    const results: Measured[] = [];
    for (const scenario of scenarios) {
      results.push(await measureScenario(scenario, callers, record, replayPool));
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
