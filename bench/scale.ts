// Scale-out on one machine: `npm run cluster` with 1, 2 and 3 instances behind nginx, each time on a fresh
// PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL) seeded with the demo. autocannon drives, through
// the proxy, a board column (`GET /opportunities?sales_stage_id=…&limit=50`) and a room's message poll
// (`GET /dialogs/:did/messages?limit=20&offset=0`) for BENCH_SECONDS each (default 20) over BENCH_CONNECTIONS
// (default 32) keep-alive connections, and prints requests per second and p99 per endpoint and instance count.
// The load generator, nginx, PostgreSQL and the servers share this machine's cores: read the numbers as how far
// more processes help on this host, not as a cluster of machines would scale.

import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { onServer } from './bench-support.ts';
import { startBenchCluster } from './cluster-support.ts';

const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!base) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 3480);

async function load(url: string, token: string) {
  const result = await autocannon({
    url,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  return `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms${failed ? `, ${failed} failed` : ''}`;
}

/** The room the simulator's customer opens by writing: its id, from the database. */
async function roomOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('select id from dialogs order by id desc limit 1');
    return rows[0]?.id as number;
  } finally {
    await client.end();
  }
}

console.log(`Scale-out behind nginx on this machine: ${CONNECTIONS} connections, ${SECONDS} s per endpoint`);
for (const instances of [1, 2, 3]) {
  const name = `vendaval_bench_${randomBytes(5).toString('hex')}`;
  await onServer(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const cluster = await startBenchCluster(url.toString(), instances, PORT);
  try {
    const { token, workspace, sandboxBot, firstStage } = await cluster.session();
    await cluster.api(`/workspaces/${workspace}/simulator/messages`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        bot_id: sandboxBot,
        phone_number: '11988887777',
        message: 'Olá, quero uma vaga.',
      }),
    });
    const room = await roomOf(url.toString());
    const api = `${cluster.proxy}/api/v1/workspaces/${workspace}`;
    const board = await load(`${api}/opportunities?sales_stage_id=${firstStage}&limit=50&offset=0`, token);
    const poll = await load(`${api}/dialogs/${room}/messages?limit=20&offset=0`, token);
    console.log(
      `  ${instances} instance${instances > 1 ? 's' : ' '}  board column: ${board}   message poll: ${poll}`,
    );
  } finally {
    await cluster.stop();
    await onServer(base, `drop database if exists ${name} with (force)`);
  }
}
