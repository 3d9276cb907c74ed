// The chat poll benchmark (ARCHITECTURE §9): a room's message page, the request every open chat repeats every
// 5 s, must answer in under 10 ms at p95; a server on 2 cores must carry 2,000 agents polling every 5 s (400
// requests a second) with p99 under 100 ms.
//
// Usage: npm run chat-poll -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server to use; a database vendaval_bench_<random>
//                                              is created there and dropped at the end
//   BENCH_KEEP=1 / BENCH_REUSE=<database>      keep the database / measure a kept one again
//   BENCH_ROOMS=<n>          rooms of the workspace (default 2000), one card each
//   BENCH_MESSAGES=<n>       messages per room (default 200), every tenth a reply
//   BENCH_REQUESTS=<n>       measured polls, after a warm-up pass of as many (default 300)
//   BENCH_SECONDS=<n>        length of the 400-a-second load run (default 10)
//
// The API is called in-process with app.inject on the real app, as the chat polls: offset 0, the page size.

import { CHAT_PAGE_SIZE } from '@vendaval/core/constants';
import type pg from 'pg';
// The app before any module of it: it loads the tables in the order their references need.
import '../apps/server/src/app.ts';
import { createSalesStages } from '../apps/server/src/modules/catalog/catalog.service.ts';
import { DEFAULT_PLATFORM_ID } from '../apps/server/src/modules/platform/platform.profiles.ts';
import { createUser } from '../apps/server/src/modules/users/users.service.ts';
import { openWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service.ts';
import { benchOnFreshDatabase, percentile, run, seedDatabase, startApp, timed } from './bench-support.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 2000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POLL_BUDGET_MS = 10;
const LOAD_RATE = 400;
const LOAD_P99_BUDGET_MS = 100;

const WORKSPACE = 'Bench Chat';
const ADMIN_EMAIL = 'admin@bench.local';
const PASSWORD = 'Bench-Senha1!';

type Scope = { platformId: number; workspaceId: number };

async function seedRooms(client: pg.Client, scope: Scope, stageId: number, userId: number, botId: number) {
  const values = { platform: scope.platformId, workspace: scope.workspaceId };
  await run(
    client,
    `with cards as (
       insert into opportunities (platform_id, workspace_id, name, sales_stage_id, user_id, source_type)
       select :platform::int, :workspace::int, 'Conversa ' || g, :stage::int, :user::int, 'Imbot'
       from generate_series(1, :rooms::int) g returning id
     )
     insert into dialogs (platform_id, workspace_id, opportunity_id, bot_id, user_id, phone_number, media_type,
                          last_message_at, last_inbound_at)
     select :platform::int, :workspace::int, id, :bot::int, :user::int, '55119' || lpad(id::text, 8, '0'),
            'WhatsappQrcode', now(), now()
     from cards`,
    { ...values, stage: stageId, user: userId, bot: botId, rooms: ROOMS },
  );
  await run(
    client,
    `insert into chat_messages (platform_id, workspace_id, dialog_id, remote_id, sender, user_id, message, status,
                                sent_at)
     select :platform::int, :workspace::int, d.id, 'bench-' || d.id || '-' || g,
            case when g % 2 = 0 then 'contact' else 'user' end,
            case when g % 2 = 0 then null else :user::int end,
            'Mensagem ' || g || ' da conversa ' || d.id, 'Read',
            now() - make_interval(mins => (:messages::int - g))
     from dialogs d cross join generate_series(1, :messages::int) g
     where d.platform_id = :platform::int and d.workspace_id = :workspace::int`,
    { ...values, user: userId, messages: MESSAGES },
  );
  // Every tenth message answers the one before it, so the page carries parents.
  await run(
    client,
    `update chat_messages m set parent_id = p.id
     from chat_messages p
     where m.platform_id = :platform::int and p.platform_id = m.platform_id and p.dialog_id = m.dialog_id
       and split_part(m.remote_id, '-', 3)::int % 10 = 0
       and p.remote_id = 'bench-' || m.dialog_id || '-' || (split_part(m.remote_id, '-', 3)::int - 1)`,
    values,
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
    const bot = await run<{ id: number }>(
      client,
      'select id from bots where workspace_id = :workspace::int',
      {
        workspace: workspace.id,
      },
    );
    const botId = bot.rows[0]?.id;
    if (!botId) throw new Error('the workspace has no sandbox bot');
    await client.query('set synchronous_commit = off');
    await timed(`${ROOMS} rooms, ${ROOMS * MESSAGES} messages`, () =>
      seedRooms(client, scope, stage.id, admin.id, botId),
    );
    await timed('vacuum analyze', () => client.query('vacuum analyze'));
  });
}

// ---- measuring --------------------------------------------------------------------------------------------

async function measureAll(url: string) {
  const { app, database, call, pool } = await startApp(url, ADMIN_EMAIL, PASSWORD);
  try {
    const workspaces = (await call('/api/v1/users/self/workspaces')).body as {
      data: { id: number; name: string }[];
    };
    const workspace = workspaces.data.find((w) => w.name === WORKSPACE);
    if (!workspace) throw new Error(`no workspace '${WORKSPACE}'`);
    const rooms = await pool.query<{ id: number }>('select id from dialogs where workspace_id = $1', [
      workspace.id,
    ]);
    const ids = rooms.rows.map((r) => Number(r.id));
    const pollUrl = (i: number) =>
      `/api/v1/workspaces/${workspace.id}/dialogs/${ids[(i * 7919) % ids.length]}/messages?limit=${CHAT_PAGE_SIZE}&offset=0`;

    console.log(`One poll at a time, ${REQUESTS} requests after as many to warm up:`);
    for (let i = 0; i < REQUESTS; i++) await call(pollUrl(i));
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push((await call(pollUrl(i + REQUESTS))).ms);
    const p95 = percentile(times, 95);
    const sequentialOk = p95 < POLL_BUDGET_MS;
    console.log(
      `  poll (page of ${CHAT_PAGE_SIZE}, offset 0)${''.padEnd(16)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${sequentialOk ? 'ok' : `OVER the ${POLL_BUDGET_MS} ms budget`}`,
    );

    console.log(`\n${LOAD_RATE} polls a second for ${SECONDS} s (2,000 agents every 5 s):`);
    const load: Promise<number>[] = [];
    const begin = performance.now();
    for (let i = 0; i < LOAD_RATE * SECONDS; i++) {
      const due = begin + (i * 1000) / LOAD_RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const started = performance.now();
      load.push(call(pollUrl(i)).then(() => performance.now() - started));
    }
    const loaded = await Promise.all(load);
    const p99 = percentile(loaded, 99);
    const loadOk = p99 < LOAD_P99_BUDGET_MS;
    console.log(
      `  under load${''.padEnd(30)} p50 ${percentile(loaded, 50).toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   ${loadOk ? 'ok' : `OVER the ${LOAD_P99_BUDGET_MS} ms budget`}`,
    );
    if (!sequentialOk || !loadOk) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}

await benchOnFreshDatabase('Chat poll benchmark', { seed: seedAll, measure: measureAll });
