// Faults under load: `npm run cluster` (3 instances behind nginx) on a PostgreSQL server of this benchmark's own
// (initdb in a temporary folder, port BENCH_PG_PORT, default 55433), so restarting it disturbs nothing else.
// For BENCH_SECONDS (default 60) autocannon reads a board column through the proxy while BENCH_PHONES (default 20)
// customers write in the simulator, each message with its own Idempotency-Key and retried with it until accepted.
// A quarter of the way in one instance is killed with SIGKILL; halfway PostgreSQL is restarted (fast shutdown).
// Prints the requests that failed, the messages accepted against those stored (must be equal), the duplicates
// (must be 0) and how long writing took to work again after each fault. Needs initdb and pg_ctl (PostgreSQL's
// server package) and nginx; run as root, PostgreSQL runs as the `postgres` user.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { seconds } from './bench-support.ts';

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55433);
const PROXY_PORT = Number(process.env.BENCH_PORT ?? 3470);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PHONES = Number(process.env.BENCH_PHONES ?? 20);
const PASSWORD = 'Bench-Falhas1!';
const root = join(import.meta.dirname, '..');
const proxy = `http://127.0.0.1:${PROXY_PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A PostgreSQL server of the benchmark's own, which it may stop and start at will. */
function privatePostgres() {
  const bin = join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1) ?? '', 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'vendaval-faults-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      {
        stdio: 'ignore',
      },
    );
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'vendaval']);
  const options = `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://vendaval@127.0.0.1:${PG_PORT}/postgres`,
    start,
    stop,
    remove() {
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function startCluster(
  databaseUrl: string,
  dataDir: string,
): Promise<{ child: ChildProcess; pids: number[] }> {
  const child = spawn(
    process.execPath,
    ['scripts/cluster.mjs', '--instances', '3', '--port', String(PROXY_PORT)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        DEMO_PASSWORD: PASSWORD,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'fatal',
        LOGIN_ATTEMPTS_PER_WINDOW: '100000',
        LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
      },
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      // With BENCH_LOG_LEVEL the servers' own log lines are shown too.
      if (process.env.BENCH_LOG_LEVEL) process.stdout.write(chunk);
      output += chunk.toString();
      if (!output.includes('Vendaval em cluster:')) return;
      resolve({ child, pids: [...output.matchAll(/\(pid (\d+)\)/g)].map((m) => Number(m[1])) });
    });
    child.once('exit', (code) => reject(new Error(`npm run cluster saiu (${code})`)));
  });
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const res = await fetch(`${proxy}/api/v1${path}`, {
    ...rest,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

type Tally = { attempts: number; failed: number; accepted: number; gaveUp: number; lastFailureAt: number };

/** One customer writing message after message, each retried with its key until the server accepts it. */
async function customer(
  n: number,
  send: (key: string, phone: string) => Promise<boolean>,
  until: number,
  tally: Tally,
) {
  const phone = `119${String(70000000 + n)}`;
  for (let seq = 0; Date.now() < until; seq++) {
    const key = `faults-${n}-${seq}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      tally.attempts++;
      if (await send(key, phone)) {
        tally.accepted++;
        break;
      }
      tally.failed++;
      tally.lastFailureAt = Date.now();
      if (Date.now() > deadline) {
        tally.gaveUp++;
        break;
      }
      await sleep(200);
    }
  }
}

/** How many answers of each status the reads got, e.g. `200: 4100, 503: 212`. */
const statusesOf = (result: autocannon.Result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ');

/** From `since`, how long until a write through the proxy succeeds again. */
async function writableAfter(since: number, probe: () => Promise<boolean>): Promise<number> {
  while (!(await probe())) {
    if (Date.now() - since > 120_000) throw new Error('writing did not work again within 2 minutes');
    await sleep(100);
  }
  return Date.now() - since;
}

const postgres = privatePostgres();
const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-faults-data-'));
const { child: cluster, pids } = await startCluster(postgres.url, dataDir);
try {
  const { access_token: token } = await api<{ access_token: string }>('/auth/token', {
    method: 'POST',
    body: JSON.stringify({ username: 'admin@demo.local', password: PASSWORD }),
  });
  const workspaces = await api<{ data: { id: number; name: string }[] }>('/users/self/workspaces', { token });
  const ws = workspaces.data.find((w) => w.name === 'Escola Centro')?.id;
  const bots = await api<{ data: { id: number; channel: string }[] }>(`/workspaces/${ws}/bots`, { token });
  const bot = bots.data.find((b) => b.channel === 'sandbox')?.id;
  const stages = await api<{ data: { id: number }[] }>(`/workspaces/${ws}/sales-stages`, { token });
  const send = async (key: string, phone: string) => {
    try {
      const res = await fetch(`${proxy}/api/v1/workspaces/${ws}/simulator/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
        },
        body: JSON.stringify({ bot_id: bot, phone_number: phone, name: `Cliente ${phone}`, message: key }),
      });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  };

  const started = Date.now();
  const until = started + SECONDS * 1000;
  const tally: Tally = { attempts: 0, failed: 0, accepted: 0, gaveUp: 0, lastFailureAt: 0 };
  const reads = autocannon({
    url: `${proxy}/api/v1/workspaces/${ws}/opportunities?sales_stage_id=${stages.data[0]?.id}&limit=50&offset=0`,
    headers: { authorization: `Bearer ${token}` },
    connections: 8,
    duration: SECONDS,
    timeout: 10,
  });
  const writers = Array.from({ length: PHONES }, (_, n) => customer(n, send, until, tally));

  await sleep(SECONDS * 250);
  const killedAt = Date.now();
  process.kill(pids[1] as number, 'SIGKILL');
  const probe = () => send(`probe-${Date.now()}-${Math.random()}`, '11999990000');
  const afterKill = await writableAfter(killedAt, probe);

  await sleep(Math.max(0, started + SECONDS * 500 - Date.now()));
  postgres.stop();
  const downAt = Date.now();
  await sleep(2_000);
  postgres.start();
  const backAt = Date.now();
  const afterRestart = await writableAfter(backAt, probe);

  const [readResult] = await Promise.all([reads, ...writers]);
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  const stored = await db.query<{ n: number }>(
    `select count(*)::int as n from chat_messages where message like 'faults-%'`,
  );
  const duplicates = await db.query<{ n: number }>(
    `select count(*)::int as n from (select message from chat_messages where message like 'faults-%'
       group by message having count(*) > 1) d`,
  );
  await db.end();

  const r = readResult as autocannon.Result;
  console.log(`Faults under load: 3 instances behind nginx, ${SECONDS} s, ${PHONES} customers writing`);
  console.log(
    `  reads (autocannon, 8 connections): ${r.requests.total} requests (${statusesOf(r)}), ${r.errors} errors, ${r.timeouts} timeouts`,
  );
  console.log(
    `  writes: ${tally.attempts} requests, ${tally.failed} failed and retried with their key, ${tally.gaveUp} given up`,
  );
  console.log(
    `  messages accepted ${tally.accepted}, stored ${stored.rows[0]?.n} (must be equal); duplicates ${duplicates.rows[0]?.n} (must be 0)`,
  );
  console.log(`  kill -9 of one instance: writing worked again after ${seconds(afterKill)}`);
  console.log(
    `  PostgreSQL down ${seconds(backAt - downAt)}: writing worked again ${seconds(afterRestart)} after it was back`,
  );
} finally {
  const exited = new Promise((r) => cluster.once('exit', r));
  cluster.kill('SIGTERM');
  await exited;
  postgres.remove();
  rmSync(dataDir, { recursive: true, force: true });
}
