// Faults under load: `npm run cluster` (3 instances behind nginx) on a PostgreSQL server of this benchmark's own
// (initdb in a temporary folder, port BENCH_PG_PORT, default 55433), so restarting it disturbs nothing else.
// For BENCH_SECONDS (default 60) autocannon reads a board column through the proxy while BENCH_PHONES (default 20)
// customers write in the simulator, each message with its own Idempotency-Key and retried with it until accepted.
// A quarter of the way in one instance is killed with SIGKILL; halfway PostgreSQL is restarted (fast shutdown).
// Prints the requests that failed, the messages accepted against those stored (must be equal), the duplicates
// (must be 0) and how long writing took to work again after each fault. Needs initdb and pg_ctl (PostgreSQL's
// server package) and nginx; run as root, PostgreSQL runs as the `postgres` user.

import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { seconds } from './bench-support.ts';
import { startBenchCluster } from './cluster-support.ts';

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55433);
const PROXY_PORT = Number(process.env.BENCH_PORT ?? 3470);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PHONES = Number(process.env.BENCH_PHONES ?? 20);
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
const cluster = await startBenchCluster(postgres.url, 3, PROXY_PORT);
try {
  const { token, workspace: ws, sandboxBot: bot, firstStage } = await cluster.session();
  const send = async (key: string, phone: string) => {
    try {
      const res = await fetch(`${cluster.proxy}/api/v1/workspaces/${ws}/simulator/messages`, {
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
    url: `${cluster.proxy}/api/v1/workspaces/${ws}/opportunities?sales_stage_id=${firstStage}&limit=50&offset=0`,
    headers: { authorization: `Bearer ${token}` },
    connections: 8,
    duration: SECONDS,
    timeout: 10,
  });
  const writers = Array.from({ length: PHONES }, (_, n) => customer(n, send, until, tally));

  await sleep(SECONDS * 250);
  const killedAt = Date.now();
  process.kill(cluster.pids[1] as number, 'SIGKILL');
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
  await cluster.stop();
  postgres.remove();
}
