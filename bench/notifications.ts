// The notifications benchmark (ARCHITECTURE §9, "Notifications"): on PostgreSQL, a workspace of 10,000 users of
// whom 500 may take a room nobody attends. One real server process listens on a port; the 500 keep an event
// stream open each, and so do 500 salesReps who must hear nothing. A customer writes to the unattended room
// (through the simulator, the real inbound path): one event, 500 notifications in its transaction. Printed: the
// time from the message's POST until each of the 500 streams heard its notification (p50/p95/max, budget p95
// under 1 s), and the count delivered, which must be exactly 500 per message and 0 on the other streams.
//
// Usage: npm run notifications -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server, e.g. postgres://root@127.0.0.1:5432/test;
//                                              a database vendaval_bench_<random> is created and dropped
//   BENCH_KEEP=1 / BENCH_REUSE=<database>      keep the database / measure a kept one again
//   BENCH_USERS=<n>        members of the workspace (default 10000)
//   BENCH_RECIPIENTS=<n>   of them, managers who are told of the unattended room (default 500)
//   BENCH_MESSAGES=<n>     messages the customer writes, one after the other (default 10)
//   BENCH_PORT=<n>         the server's port (default 3391)

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// The app before any module of it: it loads the tables in the order their references need.
import '../apps/server/src/app.ts';
import { TokenSigner } from '../apps/server/src/infra/tokens.ts';
import { createSalesStages } from '../apps/server/src/modules/catalog/catalog.service.ts';
import { DEFAULT_PLATFORM_ID } from '../apps/server/src/modules/platform/platform.profiles.ts';
import { createUser } from '../apps/server/src/modules/users/users.service.ts';
import { openWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service.ts';
import {
  benchOnFreshDatabase,
  eventStream,
  percentile,
  run,
  seedDatabase,
  seedSalesReps,
  serverCaller,
  timed,
} from './bench-support.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3391);
const BUDGET_P95_MS = 1000;
/** The salesReps who keep a stream open too, and must hear nothing of the room. */
const BYSTANDERS = RECIPIENTS;

const WORKSPACE = 'Bench Notificações';
const ADMIN_EMAIL = 'admin@notif-bench.local';
const PASSWORD = 'Bench-Senha1!';
const CUSTOMER_PHONE = '5511990001234';
const JWT_SECRET = randomBytes(24).toString('hex');

// ---- seeding ----------------------------------------------------------------------------------------------

function seedAll(url: string) {
  return seedDatabase(url, async ({ database, client }) => {
    const admin = await createUser(database.db, DEFAULT_PLATFORM_ID, {
      name: 'Ana Bench',
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    const workspace = await openWorkspace(
      database.db,
      { platformId: DEFAULT_PLATFORM_ID, userId: admin.id },
      WORKSPACE,
    );
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: workspace.id };
    const [stage] = await createSalesStages(database.db, scope, [
      { name: 'Novo lead', color: '228be6', type: 'First', displayOrder: 1 },
    ]);
    if (!stage) throw new Error('no stage');
    await client.query('set synchronous_commit = off');
    const users = await timed(`${USERS} members`, () =>
      seedSalesReps(client, scope, admin.passwordHash, {
        count: USERS,
        name: 'Pessoa',
        login: 'pessoa',
        domain: 'notif-bench.local',
        code: 'NOTI',
      }),
    );
    await run(
      client,
      `update members set role = 'manager' where platform_id = :platform::int and workspace_id = :workspace::int
       and user_id = any(:ids::int[])`,
      { ...scopeValues(scope), ids: users.slice(0, RECIPIENTS) },
    );
    // The customer's card and room belong to nobody: every manager may take it.
    await run(
      client,
      `with card as (
         insert into opportunities (platform_id, workspace_id, name, sales_stage_id, user_id, source_type)
         values (:platform::int, :workspace::int, 'Cliente sem atendente', :stage::int, null, 'Imbot') returning id)
       insert into dialogs (platform_id, workspace_id, opportunity_id, bot_id, user_id, phone_number, media_type,
                            last_inbound_at, last_message_at)
       select :platform::int, :workspace::int, card.id, b.id, null, :phone::text, 'WhatsappQrcode', now(), now()
       from card, bots b where b.platform_id = :platform::int and b.workspace_id = :workspace::int
       and b.channel = 'sandbox'`,
      { ...scopeValues(scope), stage: stage.id, phone: CUSTOMER_PHONE },
    );
    await timed('vacuum analyze', () => client.query('vacuum analyze'));
  });
}

const scopeValues = (scope: { platformId: number; workspaceId: number }) => ({
  platform: scope.platformId,
  workspace: scope.workspaceId,
});

// ---- the server and HTTP ----------------------------------------------------------------------------------

const mainScript = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const { call } = serverCaller(PORT);

async function startServer(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [mainScript], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vendaval-notif-bench-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    const health = await call('GET', '/api/health').catch(() => undefined);
    if (health?.status === 200) return child;
  }
  throw new Error('the server did not start');
}

/** One member's event stream: when each notification about the room reached it, by the message's text. */
function listen(workspaceId: number, token: string) {
  const heard = new Map<string, number>();
  type Event = { type: string; notification?: { data: { body: string } } };
  const stream = eventStream<Event>(PORT, workspaceId, token, (event) => {
    if (event.type !== 'notification.created' || !event.notification) return;
    const body = event.notification.data.body;
    heard.set(body, heard.has(body) ? Number.NaN : performance.now()); // NaN marks a second copy
  });
  return { heard, ...stream };
}

// ---- measuring ----------------------------------------------------------------------------------------------

async function tokensOf(client: pg.Client, workspaceId: number, role: string, count: number) {
  const rows = (
    await run<{ id: number; version: number }>(
      client,
      `select u.id, u.token_version version from members m join users u on u.id = m.user_id
       where m.workspace_id = :workspace::int and m.role = :role::text order by u.id limit :count::int`,
      { workspace: workspaceId, role, count },
    )
  ).rows;
  // Minted with the server's secret: signing 1,000 people in would measure argon2id, not the notifications.
  const signer = new TokenSigner(JWT_SECRET, 3600);
  return Promise.all(
    rows.map((r) => signer.sign({ userId: r.id, platformId: DEFAULT_PLATFORM_ID, version: r.version })),
  );
}

async function measureAll(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const server = await startServer(url);
  const streams: ReturnType<typeof listen>[] = [];
  try {
    const login = await call('POST', '/api/v1/auth/token', undefined, {
      username: ADMIN_EMAIL,
      password: PASSWORD,
    });
    const adminToken = (JSON.parse(login.body) as { access_token: string }).access_token;
    const workspaces = JSON.parse((await call('GET', '/api/v1/users/self/workspaces', adminToken)).body) as {
      data: { id: number; name: string }[];
    };
    const workspaceId = workspaces.data.find((w) => w.name === WORKSPACE)?.id;
    if (!workspaceId) throw new Error(`no workspace '${WORKSPACE}'`);
    const bots = JSON.parse(
      (await call('GET', `/api/v1/workspaces/${workspaceId}/bots`, adminToken)).body,
    ) as {
      data: { id: number; channel: string }[];
    };
    const botId = bots.data.find((b) => b.channel === 'sandbox')?.id;

    const recipients = (await tokensOf(client, workspaceId, 'manager', RECIPIENTS)).map((t) =>
      listen(workspaceId, t),
    );
    const bystanders = (await tokensOf(client, workspaceId, 'salesRep', BYSTANDERS)).map((t) =>
      listen(workspaceId, t),
    );
    streams.push(...recipients, ...bystanders);
    await timed(`${streams.length} event streams open`, () => Promise.all(streams.map((s) => s.ready)));
    console.log(`Notifications on one server process (port ${PORT}), ${USERS} members:`);
    console.log(
      `  machine load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );

    const times: number[] = [];
    let exact = true;
    for (let i = 0; i < MESSAGES; i++) {
      const text = `Mensagem ${i + 1} do cliente`;
      const begin = performance.now();
      const sent = await call('POST', `/api/v1/workspaces/${workspaceId}/simulator/messages`, adminToken, {
        bot_id: botId,
        phone_number: CUSTOMER_PHONE,
        message: text,
      });
      if (sent.status !== 200) throw new Error(`the simulator answered ${sent.status}: ${sent.body}`);
      const arrivals = await allHeard(recipients, text);
      const delivered = arrivals.filter((t) => Number.isFinite(t));
      const doubled = arrivals.length - delivered.length;
      const strays = bystanders.filter((s) => s.heard.has(text)).length;
      if (delivered.length !== RECIPIENTS || doubled > 0 || strays > 0) exact = false;
      times.push(...delivered.map((t) => t - begin));
      console.log(
        `  message ${String(i + 1).padStart(2)}: ${delivered.length} of ${RECIPIENTS} streams, ${doubled} twice, ` +
          `${strays} on other streams; last after ${(Math.max(...delivered) - begin).toFixed(0)} ms`,
      );
    }
    const [p50, p95, max] = [50, 95, 100].map((p) => percentile(times, p).toFixed(0));
    const withinBudget = percentile(times, 95) < BUDGET_P95_MS;
    console.log(
      `  POST to each stream's notification (${times.length} deliveries): p50 ${p50} ms   p95 ${p95} ms   ` +
        `max ${max} ms   ${withinBudget ? `ok (p95 under ${BUDGET_P95_MS} ms)` : `OVER the ${BUDGET_P95_MS} ms budget`}`,
    );
    console.log(
      `  count delivered ${exact ? 'exact: each message once on each recipient, none elsewhere' : 'NOT exact'}`,
    );
    if (!withinBudget || !exact) process.exitCode = 1;
  } finally {
    for (const s of streams) s.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await client.end();
  }
}

/** Waits until every recipient heard about `text` (or 30 s passed), then answers their arrival times. */
async function allHeard(recipients: ReturnType<typeof listen>[], text: string): Promise<number[]> {
  const deadline = performance.now() + 30_000;
  while (recipients.some((s) => !s.heard.has(text)) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 2));
  }
  // A moment more for a copy that would come twice: the stream delivers in order, so one more round trip suffices.
  await new Promise((r) => setTimeout(r, 200));
  return recipients.filter((s) => s.heard.has(text)).map((s) => s.heard.get(text) as number);
}

await benchOnFreshDatabase('Notifications benchmark', { seed: seedAll, measure: measureAll });
