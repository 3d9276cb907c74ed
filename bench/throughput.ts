// Requests per second of one server process (ARCHITECTURE.md §9): autocannon over BENCH_CONNECTIONS (default 50)
// keep-alive connections for BENCH_SECONDS (default 10) against the demo workspace 'Escola Centro', on PostgreSQL
// (a fresh database on BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped at the end) and on PGlite (a fresh data
// folder). Four endpoints: a hello-world route the benchmark registers inside the same built app (the ceiling of
// the app's hooks), `GET /api/health`, a board column page (the admin's default range, one stage, display order,
// 50 cards) and a room's message poll (`?limit=20&offset=0`). Prints requests/s and p99 side by side, and the
// targets as verdicts.
//
// Usage: npm run throughput -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server; without it only PGlite is measured
//   BENCH_ENGINES=postgres,pglite   the engines to measure (default both)
//   BENCH_ONLY=board                only the endpoints whose key is listed (hello, health, board, poll)
//   BENCH_SECONDS=<n> / BENCH_CONNECTIONS=<n>
//   BENCH_PORT=<n>                  the server's port (default 3393)
//   BENCH_LOG_LEVEL=<level>         the server's LOG_LEVEL (default info, as a production start; lines discarded)
//   BENCH_PROFILE=<folder>          record the server's CPU profile while each endpoint is measured, write it
//                                   there (<engine>-<endpoint>.cpuprofile, for a flame graph viewer) and print its
//                                   functions by self time
//
// The server is its own process (throughput-server.ts), but the load generator shares this machine's cores with
// it and with the database: read the numbers beside the load average printed with them.

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultDateRangeFrom } from '@vendaval/core/permissions';
import autocannon from 'autocannon';
import { onServer } from './bench-support.ts';
import { machineLoad } from './measure.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3393);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const PROFILE_LINES = 30;
const PASSWORD = 'Bench-Vazao1!';
const ADMIN_EMAIL = 'admin@demo.local';
const WORKSPACE = 'Escola Centro';
const baseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite')
  .split(',')
  .filter((engine) => engine !== 'postgres' || baseUrl) as Engine[];

type Engine = 'postgres' | 'pglite';
type Key = 'hello' | 'health' | 'board' | 'poll';
const ENDPOINTS: { key: Key; name: string }[] = [
  { key: 'hello', name: 'hello world (in the app)' },
  { key: 'health', name: 'GET /api/health' },
  { key: 'board', name: 'board column page' },
  { key: 'poll', name: 'message poll' },
];
const ONLY = process.env.BENCH_ONLY?.split(',');
const measured = ENDPOINTS.filter((e) => !ONLY || ONLY.includes(e.key));

interface Figure {
  rps: number;
  p99: number;
  failed: number;
  load: string;
}

// ---- the server -----------------------------------------------------------------------------------------------

const serverScript = join(import.meta.dirname, 'throughput-server.ts');
const origin = `http://127.0.0.1:${PORT}`;

/** The benchmark's server on `databaseUrl` (PGlite without one), once it listens. */
async function startServer(databaseUrl: string | undefined, dataDir: string): Promise<ChildProcess> {
  const child = fork(serverScript, {
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      PORT: String(PORT),
      JWT_SECRET: randomBytes(24).toString('hex'),
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the server ended with ${code}`)));
  });
  return child;
}

/** Stops the server's profile and waits until it is written to `file`; prints its heaviest functions. */
async function profileOf(server: ChildProcess, file: string) {
  const written = new Promise((resolve) => server.once('message', resolve));
  server.send({ profile: 'stop', file });
  await written;
  printProfile(file);
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const res = await fetch(`${origin}/api/v1${path}`, {
    ...rest,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The demo admin signed in, and the URL of each endpoint in 'Escola Centro'. */
async function endpointsOf(): Promise<{ token: string; urls: Record<Key, string> }> {
  const { access_token: token } = await api<{ access_token: string }>('/auth/token', {
    method: 'POST',
    body: JSON.stringify({ username: ADMIN_EMAIL, password: PASSWORD }),
  });
  const workspaces = await api<{ data: { id: number; name: string }[] }>('/users/self/workspaces', { token });
  const workspace = workspaces.data.find((w) => w.name === WORKSPACE)?.id;
  const stages = await api<{ data: { id: number }[] }>(`/workspaces/${workspace}/sales-stages`, { token });
  const rooms = await api<{ data: { id: number }[] }>(`/workspaces/${workspace}/dialogs?limit=1`, { token });
  const room = rooms.data[0]?.id;
  if (!workspace || !stages.data[0] || !room) throw new Error(`the demo has no '${WORKSPACE}' with a room`);
  const start = defaultDateRangeFrom('admin', new Date()).start.toISOString();
  const api1 = `${origin}/api/v1/workspaces/${workspace}`;
  return {
    token,
    urls: {
      hello: `${origin}/bench/hello`,
      health: `${origin}/api/health`,
      board: `${api1}/opportunities?timestamp_attribute=updated_at&start_timestamp=${start}&sales_stage_id=${stages.data[0].id}&sort=display_order&limit=50&offset=0`,
      poll: `${api1}/dialogs/${room}/messages?limit=20&offset=0`,
    },
  };
}

async function load(url: string, token: string, seconds: number): Promise<Figure> {
  const result = await autocannon({
    url,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    load: machineLoad(),
  };
}

async function measureEngine(engine: Engine): Promise<Map<Key, Figure>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-throughput-'));
  const database = engine === 'postgres' ? `vendaval_bench_${randomBytes(5).toString('hex')}` : undefined;
  const figures = new Map<Key, Figure>();
  try {
    let databaseUrl: string | undefined;
    if (database && baseUrl) {
      await onServer(baseUrl, `create database ${database}`);
      const url = new URL(baseUrl);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }
    const server = await startServer(databaseUrl, dataDir);
    try {
      const { token, urls } = await endpointsOf();
      for (const { key, name } of measured) {
        await load(urls[key], token, 1); // warm-up: connections open, statements prepared, code optimised
        if (PROFILE_DIR) server.send({ profile: 'start' });
        const figure = await load(urls[key], token, SECONDS);
        if (PROFILE_DIR) await profileOf(server, join(PROFILE_DIR, `${engine}-${key}.cpuprofile`));
        figures.set(key, figure);
        console.log(`  ${engine.padEnd(8)} ${name.padEnd(26)} ${describe(figure)}   (load ${figure.load})`);
      }
    } finally {
      await stopServer(server);
    }
  } finally {
    if (database && baseUrl) await onServer(baseUrl, `drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

// ---- reporting ------------------------------------------------------------------------------------------------

const describe = (f: Figure | undefined) =>
  f
    ? `${Math.round(f.rps).toString().padStart(6)} req/s  p99 ${String(f.p99).padStart(4)} ms${f.failed ? `  ${f.failed} failed` : ''}`
    : '-'.padStart(29);

function printTable(results: Map<Engine, Map<Key, Figure>>) {
  console.log(`\n${'endpoint'.padEnd(26)}  ${ENGINES.map((e) => e.padEnd(29)).join('  ')}`);
  for (const { key, name } of measured)
    console.log(
      `${name.padEnd(26)}  ${ENGINES.map((e) => describe(results.get(e)?.get(key)).padEnd(29)).join('  ')}`,
    );
}

function printVerdicts(results: Map<Engine, Map<Key, Figure>>) {
  const verdict = (label: string, pass: boolean | undefined) =>
    pass !== undefined && console.log(`  ${pass ? 'ok  ' : 'MISS'}  ${label}`);
  const pgBoard = results.get('postgres')?.get('board');
  const liteBoard = results.get('pglite')?.get('board');
  console.log('\nTargets:');
  verdict(
    'PostgreSQL board page >= 1,500 req/s with p99 < 100 ms',
    pgBoard && pgBoard.rps >= 1500 && pgBoard.p99 < 100,
  );
  for (const engine of ENGINES) {
    const health = results.get(engine)?.get('health');
    const hello = results.get(engine)?.get('hello');
    if (health && hello)
      verdict(
        `${engine} health >= 15% of hello world (${((100 * health.rps) / hello.rps).toFixed(1)}%)`,
        health.rps >= 0.15 * hello.rps,
      );
  }
  verdict('PGlite board page >= 800 req/s', liteBoard && liteBoard.rps >= 800);
}

/** The profile's functions by the time spent in them alone (not in what they call), summed over the profile. */
function printProfile(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = frames.get(id);
    if (!frame) continue;
    const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const total = profile.samples.length;
  console.log(`    ${file}: functions by self time (${total} samples)`);
  for (const [name, samples] of [...self].sort((a, b) => b[1] - a[1]).slice(0, PROFILE_LINES))
    console.log(`    ${((100 * samples) / total).toFixed(1).padStart(5)}%  ${name}`);
}

const shortUrl = (url: string) =>
  url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/');

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

// ---- main ----------------------------------------------------------------------------------------------------

console.log(
  `Throughput of one server process: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, load average ${machineLoad()}`,
);
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const results = new Map<Engine, Map<Key, Figure>>();
for (const engine of ENGINES) results.set(engine, await measureEngine(engine));
printTable(results);
printVerdicts(results);
console.log(`load average at the end: ${machineLoad()}`);
