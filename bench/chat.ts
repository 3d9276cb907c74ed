// The chat benchmark (ARCHITECTURE §9, chat budgets): on PostgreSQL, a workspace of 2,000 agents, each with a
// room of messages. One real server process listens on a port; 2,000 simulated agents poll their room's first
// message page every 5 s over HTTP keep-alive for a minute (budget p99 under 100 ms); one room's poll alone
// (budget p95 under 10 ms); and the send-to-visible latency: a message posted until an event-stream subscriber
// of the workspace hears it (budget under 200 ms).
//
// Usage: npm run chat -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server, e.g. postgres://root@127.0.0.1:5432/test;
//                                              a database vendaval_bench_<random> is created and dropped
//   BENCH_KEEP=1 / BENCH_REUSE=<database>      keep the database / measure a kept one again
//   BENCH_AGENTS=<n>         agents, each with a room (default 2000)
//   BENCH_MESSAGES=<n>       messages per room (default 30)
//   BENCH_SECONDS=<n>        length of the polling run (default 60)
//   BENCH_PORT=<n>           the server's port (default 3390)
//   BENCH_SENDS=<n>          messages sent for the send-to-visible latency (default 100)
//
// The server is apps/server/src/main.ts in a child process, so the load generator does not share its event loop.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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

const AGENTS = Number(process.env.BENCH_AGENTS ?? 2000);
const MESSAGES_PER_ROOM = Number(process.env.BENCH_MESSAGES ?? 30);
const RUN_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const SENDS = Number(process.env.BENCH_SENDS ?? 100);
const POLL_MS = 5000;
const BUDGET_P99_MS = 100;
const BUDGET_ROOM_P95_MS = 10;
const BUDGET_VISIBLE_MS = 200;

const WORKSPACE = 'Bench Chat';
const ADMIN_EMAIL = 'admin@chat-bench.local';
const PASSWORD = 'Bench-Senha1!';
const JWT_SECRET = randomBytes(24).toString('hex');

// ---- seeding ----------------------------------------------------------------------------------------------

type Scope = { platformId: number; workspaceId: number };

/** One card and one open room per agent on the workspace's sandbox bot, with its messages back and forth. */
async function seedRooms(client: pg.Client, scope: Scope, stageId: number, agents: number[]) {
  const values = { platform: scope.platformId, workspace: scope.workspaceId };
  const [bot] = (
    await run<{ id: number }>(
      client,
      `select id from bots where platform_id = :platform::int and workspace_id = :workspace::int
       and channel = 'sandbox' limit 1`,
      values,
    )
  ).rows;
  if (!bot) throw new Error('no sandbox bot');
  await run(
    client,
    `insert into opportunities (platform_id, workspace_id, name, sales_stage_id, user_id, source_type)
     select :platform::int, :workspace::int, 'Cliente ' || a.n, :stage::int, a.id, 'Imbot'
     from unnest(:agents::int[]) with ordinality a(id, n)`,
    { ...values, stage: stageId, agents },
  );
  await run(
    client,
    `insert into dialogs (platform_id, workspace_id, opportunity_id, bot_id, user_id, phone_number, media_type,
                          last_inbound_at, last_message_at)
     select o.platform_id, o.workspace_id, o.id, :bot::int, o.user_id, '5511' || lpad(o.id::text, 9, '0'),
            'WhatsappQrcode', now(), now()
     from opportunities o where o.platform_id = :platform::int and o.workspace_id = :workspace::int`,
    { ...values, bot: bot.id },
  );
  await run(
    client,
    `insert into chat_messages (platform_id, workspace_id, dialog_id, remote_id, sender, user_id, message, status,
                                sent_at)
     select d.platform_id, d.workspace_id, d.id, 'bench-' || d.id || '-' || g,
            case when g % 2 = 0 then 'user' else 'contact' end,
            case when g % 2 = 0 then d.user_id end,
            'Mensagem ' || g || ' da conversa ' || d.id, 'Read',
            now() - make_interval(mins => (:count::int - g) * 3)
     from dialogs d cross join generate_series(1, :count::int) g
     where d.platform_id = :platform::int and d.workspace_id = :workspace::int`,
    { ...values, count: MESSAGES_PER_ROOM },
  );
}

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
    const agents = await timed(`${AGENTS} agents`, () =>
      seedSalesReps(client, scope, admin.passwordHash, {
        count: AGENTS,
        name: 'Agente',
        login: 'agente',
        domain: 'chat-bench.local',
        code: 'CHAT',
      }),
    );
    await timed(`${AGENTS} rooms x ${MESSAGES_PER_ROOM} messages`, () =>
      seedRooms(client, scope, stage.id, agents),
    );
    await timed('vacuum analyze', () => client.query('vacuum analyze'));
  });
}

// ---- the server ---------------------------------------------------------------------------------------------

const mainScript = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));

/** The real server (main.ts) on PORT, its own process, as production runs it; resolves once it answers. */
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
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vendaval-chat-bench-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    try {
      if ((await call('GET', '/api/health')).status === 200) return child;
    } catch {
      // not listening yet
    }
  }
  throw new Error('the server did not start');
}

// ---- HTTP ---------------------------------------------------------------------------------------------------

const { call, close: closeConnections } = serverCaller(PORT, AGENTS + 16);

// ---- measuring ----------------------------------------------------------------------------------------------

type Room = { dialogId: number; token: string };

async function agentsAndRooms(client: pg.Client, workspaceId: number): Promise<Room[]> {
  const rows = (
    await run<{ dialog_id: number; user_id: number; version: number }>(
      client,
      `select d.id dialog_id, u.id user_id, u.token_version version from dialogs d join users u on u.id = d.user_id
       where d.workspace_id = :workspace::int order by d.id`,
      { workspace: workspaceId },
    )
  ).rows;
  // Tokens are minted with the server's secret: 2,000 sign-ins would measure argon2, not the chat.
  const signer = new TokenSigner(JWT_SECRET, 3600);
  return Promise.all(
    rows.map(async (r) => ({
      dialogId: Number(r.dialog_id),
      token: await signer.sign({ userId: r.user_id, platformId: DEFAULT_PLATFORM_ID, version: r.version }),
    })),
  );
}

const line = (label: string, values: number[], budget?: { p: number; ms: number }) => {
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(values, p).toFixed(1).padStart(7));
  const verdict = budget
    ? percentile(values, budget.p) < budget.ms
      ? `ok (p${budget.p} under ${budget.ms} ms)`
      : `OVER the p${budget.p} ${budget.ms} ms budget`
    : '';
  console.log(`  ${label.padEnd(40)} p50 ${p50} ms   p95 ${p95} ms   p99 ${p99} ms   ${verdict}`);
  return !budget || percentile(values, budget.p) < budget.ms;
};

const pagePath = (workspaceId: number, dialogId: number) =>
  `/api/v1/workspaces/${workspaceId}/dialogs/${dialogId}/messages?limit=20&offset=0`;

async function oneRoom(workspaceId: number, room: Room) {
  const times: number[] = [];
  for (let i = 0; i < 600; i++) {
    const res = await call('GET', pagePath(workspaceId, room.dialogId), room.token);
    if (res.status !== 200) throw new Error(`poll answered ${res.status}: ${res.body}`);
    if (i >= 100) times.push(res.ms);
  }
  return line('one room polled alone (500 requests)', times, { p: 95, ms: BUDGET_ROOM_P95_MS });
}

// ---- CPU accounting (Linux): what the server side spends, whatever else the machine runs ----------------------

const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuOf(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU milliseconds used so far by the server process and by every PostgreSQL process. */
function serverSideCpu(serverPid: number) {
  let postgres = 0;
  if (existsSync('/proc')) {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres += cpuOf(pid);
      } catch {
        // the process ended meanwhile
      }
    }
  }
  return { app: cpuOf(String(serverPid)), postgres };
}

/** Every agent polls their room every 5 s, starting at a random moment of the first interval. */
async function agentsPolling(workspaceId: number, rooms: Room[], serverPid: number) {
  const before = serverSideCpu(serverPid);
  const times: number[] = [];
  let errors = 0;
  const endAt = performance.now() + RUN_SECONDS * 1000;
  const agentLoop = async (room: Room) => {
    await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
    while (performance.now() < endAt) {
      const due = performance.now() + POLL_MS;
      try {
        const res = await call('GET', pagePath(workspaceId, room.dialogId), room.token);
        if (res.status === 200) times.push(res.ms);
        else errors++;
      } catch {
        errors++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
  };
  await Promise.all(rooms.map(agentLoop));
  const after = serverSideCpu(serverPid);
  const rate = times.length / RUN_SECONDS;
  console.log(
    `  ${rooms.length} agents every ${POLL_MS / 1000} s for ${RUN_SECONDS} s: ${times.length} polls (${rate.toFixed(0)}/s), ${errors} errors`,
  );
  const perPoll = (ms: number) => (times.length ? ms / times.length : 0);
  const app = perPoll(after.app - before.app);
  const postgres = perPoll(after.postgres - before.postgres);
  console.log(
    `  CPU per poll: server ${app.toFixed(2)} ms + PostgreSQL ${postgres.toFixed(2)} ms` +
      ` (two idle cores would serve about ${Math.floor(2000 / (app + postgres || 1))} polls/s; this load needs ${(rooms.length / (POLL_MS / 1000)).toFixed(0)}/s)`,
  );
  return line('message poll under that load', times, { p: 99, ms: BUDGET_P99_MS }) && errors === 0;
}

/** An admin's stream of the workspace, with the moment each message's event arrived. */
async function subscribe(workspaceId: number, token: string) {
  const heard = new Map<number, number>();
  const stream = eventStream<{ type: string; message_id?: number }>(PORT, workspaceId, token, (event) => {
    if (event.type === 'message.created' && event.message_id) heard.set(event.message_id, performance.now());
  });
  await stream.ready;
  return { heard, close: stream.close };
}

async function sendToVisible(workspaceId: number, adminToken: string, rooms: Room[]) {
  const stream = await subscribe(workspaceId, adminToken);
  const times: number[] = [];
  try {
    for (let i = 0; i < SENDS; i++) {
      const room = rooms[(i * 37) % rooms.length] as Room;
      const begin = performance.now();
      const res = await call(
        'POST',
        `/api/v1/workspaces/${workspaceId}/dialogs/${room.dialogId}/messages`,
        adminToken,
        {
          dialog_id: room.dialogId,
          message_object: { message: `Resposta ${i}` },
        },
      );
      if (res.status !== 200) throw new Error(`send answered ${res.status}: ${res.body}`);
      const { id } = JSON.parse(res.body) as { id: number };
      const heardAt = await waitFor(() => stream.heard.get(id));
      times.push(heardAt - begin);
    }
  } finally {
    stream.close();
  }
  return line(`send to visible (${SENDS} sends)`, times, { p: 95, ms: BUDGET_VISIBLE_MS });
}

async function waitFor(get: () => number | undefined): Promise<number> {
  for (let i = 0; i < 2000; i++) {
    const value = get();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 1));
  }
  throw new Error('the event never arrived');
}

async function measureAll(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const server = await startServer(url);
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
    const rooms = await agentsAndRooms(client, workspaceId);
    console.log(
      `Chat on one server process (port ${PORT}), ${rooms.length} rooms of ${MESSAGES_PER_ROOM} messages:`,
    );
    // Latencies on a shared machine mean little without its load; the CPU per poll does not depend on it.
    console.log(
      `  machine load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const results = [
      await oneRoom(workspaceId, rooms[0] as Room),
      await agentsPolling(workspaceId, rooms, server.pid ?? 0),
      await sendToVisible(workspaceId, adminToken, rooms),
    ];
    if (results.includes(false)) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    closeConnections();
    await client.end();
  }
}

await benchOnFreshDatabase('Chat benchmark', { seed: seedAll, measure: measureAll });
