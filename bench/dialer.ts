// The dialer benchmark (platform.md §4 "Phone"): 50 reps run their call queues at once against one real server
// process on a port, with the sandbox telephony. Each rep is a client doing what the dial bar does: it starts its
// queue over a board filter, keeps the workspace's event stream open and, on every `call.updated` of its own, asks
// for the call; when the customer answers it talks a moment and hangs up (or the customer does), then pauses the
// queue and starts it again (the post-call forms, filled in no time); when a call ends unanswered it asks for the
// queue, whose next call the server placed. Most reps (salesReps) dial their own cards; a few managers run queues
// over one shared set of cards, so their queues reach the same cards at the same time.
//
// Printed, from the database once every queue finished: the handovers, from a call's end (its ended_at) to the
// next call of the same queue (its started_at), p50/p95/p99/max, budget p95 under 500 ms; the same as the reps
// saw them (from learning that a call ended to learning of the next); the calls by outcome; and the double-dial
// check: calls on one card whose intervals overlap (must be 0), and calls of a queue on a card above its maximum
// attempts (must be 0). The load average at the start and at the end.
//
// The simulated customer answers at once (CALL_SANDBOX_ANSWER_SECONDS=0); numbers ending in 0 are busy and in 9
// never answer, so those calls end at the dial timeout, set short here (CALL_DIAL_TIMEOUT_SECONDS, BENCH_DIAL_TIMEOUT).
// The same setting is the 30 s rule of a queue waiting while every card it has left is on another rep's call:
// handovers longer than it are counted apart.
//
// Usage: npm run dialer -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server, e.g. postgres://root@127.0.0.1:5432/test;
//                                              a database vendaval_bench_<random> is created and dropped
//   BENCH_KEEP=1                  keep the database
//   BENCH_ENGINE=pglite           PGlite in a fresh data folder instead (the server's embedded database)
//   BENCH_REPS=<n>                reps dialing at once (default 50)
//   BENCH_SHARED_REPS=<n>         of them, managers whose queues share one set of cards (default 10)
//   BENCH_OWN_CARDS=<n>           cards of each other rep, their queue (default 6)
//   BENCH_SHARED_CARDS=<n>        cards of the shared queues (default 20)
//   BENCH_MAX_ATTEMPTS=<n>        the queues' maximum attempts per card (default 2)
//   BENCH_TALK_MS=<n>             the longest a rep talks before hanging up (default 300)
//   BENCH_DIAL_TIMEOUT=<s>        the server's dial timeout, seconds (default 2)
//   BENCH_PORT=<n>                the server's port (default 3392)

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BatchCall, OpportunityCall } from '@vendaval/core/schemas/calls';
import { sql } from 'drizzle-orm';
// The app before any module of it: it loads the tables in the order their references need.
import '../apps/server/src/app.ts';
import { type Database, openDatabase } from '../apps/server/src/infra/db.ts';
import { TokenSigner } from '../apps/server/src/infra/tokens.ts';
import { createSalesStages } from '../apps/server/src/modules/catalog/catalog.service.ts';
import { DEFAULT_PLATFORM_ID } from '../apps/server/src/modules/platform/platform.profiles.ts';
import { PlatformDirectory } from '../apps/server/src/modules/platform/platform.service.ts';
import { createUser } from '../apps/server/src/modules/users/users.service.ts';
import { openWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service.ts';
import { benchOnFreshDatabase, eventStream, percentile, serverCaller, timed } from './bench-support.ts';
import { machineLoad } from './measure.ts';

const REPS = Number(process.env.BENCH_REPS ?? 50);
const SHARED_REPS = Number(process.env.BENCH_SHARED_REPS ?? 10);
const OWN_CARDS = Number(process.env.BENCH_OWN_CARDS ?? 6);
const SHARED_CARDS = Number(process.env.BENCH_SHARED_CARDS ?? 20);
const MAX_ATTEMPTS = Number(process.env.BENCH_MAX_ATTEMPTS ?? 2);
const TALK_MS = Number(process.env.BENCH_TALK_MS ?? 300);
const DIAL_TIMEOUT_S = Number(process.env.BENCH_DIAL_TIMEOUT ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3392);
const BUDGET_P95_MS = 500;
/** A rep who heard nothing for this long asks for its queue, as often as the bar does while its stream is down. */
const QUIET_REFRESH_MS = 5000;

const WORKSPACE = 'Bench Discador';
const ADMIN_EMAIL = 'admin@dialer-bench.local';
const PASSWORD = 'Bench-Senha1!';
const OWN = 'Próprio';
const SHARED = 'Compartilhado';
const JWT_SECRET = randomBytes(24).toString('hex');

/** Where the server keeps its data: a PostgreSQL database, or a PGlite data folder. */
type Target = { open(): Database; env: Record<string, string> };

// ---- seeding ----------------------------------------------------------------------------------------------

const rows = async <R>(db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: R[] }).rows;

/**
 * The workspace, its reps (the first SHARED_REPS managers, the others salesReps) and the cards. A card's number
 * picks the customer: a quarter busy (ends in 0), a quarter never answering (9), the rest answering.
 */
async function seed(target: Target) {
  const database = target.open();
  try {
    await timed('migrations', () => database.migrate());
    const { db } = database;
    await new PlatformDirectory().load(db);
    const admin = await createUser(db, DEFAULT_PLATFORM_ID, {
      name: 'Ana Bench',
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    const workspace = await openWorkspace(
      db,
      { platformId: DEFAULT_PLATFORM_ID, userId: admin.id },
      WORKSPACE,
    );
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: workspace.id };
    const [stage] = await createSalesStages(db, scope, [
      { name: 'Novo lead', color: '228be6', type: 'First', displayOrder: 1 },
    ]);
    if (!stage) throw new Error('no stage');
    await timed(`${REPS} reps, ${(REPS - SHARED_REPS) * OWN_CARDS + SHARED_CARDS} cards`, async () => {
      await db.execute(sql`
        with made as (
          insert into users (platform_id, name, email, username, password_hash, access_code)
          select ${scope.platformId}::int, 'Rep ' || g, 'rep' || g || '@dialer-bench.local', 'rep' || g,
                 ${admin.passwordHash}::text, 'DIAL' || lpad(g::text, 5, '0')
          from generate_series(1, ${REPS}::int) g returning id, username)
        insert into members (platform_id, workspace_id, user_id, role)
        select ${scope.platformId}::int, ${scope.workspaceId}::int, id,
               case when substr(username, 4)::int <= ${SHARED_REPS}::int then 'manager' else 'salesRep' end
        from made`);
      // Each salesRep's own cards, then the shared ones (the admin's): one contact each, named as its card.
      await db.execute(sql`
        with reps as (
          select m.user_id, row_number() over (order by m.user_id) n from members m
          where m.platform_id = ${scope.platformId}::int and m.workspace_id = ${scope.workspaceId}::int
          and m.role = 'salesRep'),
        cards as (
          select r.user_id, ${OWN}::text || ' ' || r.n || '-' || k name, (r.n * 100 + k)::int seq, k
          from reps r, generate_series(1, ${OWN_CARDS}::int) k
          union all
          select ${admin.id}::int, ${SHARED}::text || ' ' || k, k, k
          from generate_series(1, ${SHARED_CARDS}::int) k),
        contact as (
          insert into contacts (platform_id, workspace_id, name, phone_number)
          select ${scope.platformId}::int, ${scope.workspaceId}::int, name,
                 '55119' || lpad(seq::text, 7, '0') || case k % 4 when 0 then '0' when 1 then '9' else (k % 8 + 1)::text end
          from cards returning id, name)
        insert into opportunities (platform_id, workspace_id, name, sales_stage_id, user_id, contact_id, source_type)
        select ${scope.platformId}::int, ${scope.workspaceId}::int, cards.name, ${stage.id}::int, cards.user_id,
               contact.id, 'Offline'
        from cards join contact on contact.name = cards.name`);
    });
  } finally {
    await database.close();
  }
}

// ---- the server and HTTP ----------------------------------------------------------------------------------

const mainScript = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const { call } = serverCaller(PORT, 4 * REPS);

async function startServer(target: Target): Promise<ChildProcess> {
  const { DATABASE_URL: _inherited, ...env } = process.env;
  const child = spawn(process.execPath, [mainScript], {
    env: {
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      CALL_SANDBOX_ANSWER_SECONDS: '0',
      CALL_DIAL_TIMEOUT_SECONDS: String(DIAL_TIMEOUT_S),
      ...target.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    const health = await call('GET', '/api/health').catch(() => undefined);
    if (health?.status === 200) return child;
  }
  throw new Error('the server did not start');
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

/** Every request's time by endpoint (ids left out), to tell where a slow handover spent it. */
const requestTimes = new Map<string, number[]>();

function timeRequest(method: string, path: string, ms: number) {
  const endpoint = `${method} ${path.replace(/\/[0-9a-f-]{8,}|\/\d+/g, '/:id')}`;
  const times = requestTimes.get(endpoint) ?? [];
  times.push(ms);
  requestTimes.set(endpoint, times);
}

/** The rep's API, as the dial bar calls it; an answer other than 200 throws. */
function apiOf(workspaceId: number, token: string) {
  const base = `/api/v1/workspaces/${workspaceId}`;
  const send = async <T>(method: string, path: string, body?: unknown) => {
    const begin = performance.now();
    const res = await call(method, `${base}${path}`, token, body);
    timeRequest(method, path, performance.now() - begin);
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.body}`);
    return JSON.parse(res.body) as T;
  };
  return {
    createQueue: (filter: Record<string, unknown>) =>
      send<BatchCall>('POST', '/batch-calls', { filter, max_attempts: MAX_ATTEMPTS }),
    queue: (id: string, action?: 'start' | 'pause') =>
      action
        ? send<BatchCall>('POST', `/batch-calls/${id}/${action}`, {})
        : send<BatchCall>('GET', `/batch-calls/${id}`),
    call: (id: number) => send<OpportunityCall>('GET', `/opportunity-calls/${id}`),
    hangUp: (id: number) => send<OpportunityCall>('POST', `/opportunity-calls/${id}/end`, {}),
    customerHangsUp: (id: number) =>
      send<OpportunityCall>('POST', `/opportunity-calls/${id}/sandbox-hang-up`, {}),
  };
}

/** The rep's event stream: `onCall` hears the id of every call of theirs that changed. */
function listen(workspaceId: number, token: string, userId: number, onCall: (callId: number) => void) {
  return eventStream<{ type: string; user_id?: number; call_id?: number }>(
    PORT,
    workspaceId,
    token,
    (event) => {
      if (event.type === 'call.updated' && event.user_id === userId && event.call_id) onCall(event.call_id);
    },
  );
}

// ---- a rep --------------------------------------------------------------------------------------------------

type Api = ReturnType<typeof apiOf>;

/**
 * One rep at the dial bar (apps/web/src/features/phone/use-dialer.ts, reduced to what moves a queue): the
 * session's call and status follow the server's word; what the rep does runs one step at a time.
 */
class Rep {
  private rowId = '';
  private current: OpportunityCall | null = null;
  private status: 'onHold' | 'onCall' | 'paused' | 'finished' = 'onHold';
  private steps: Promise<void> = Promise.resolve();
  private lastHeard = performance.now();
  private endedKnownAt: number | null = null;
  private finished!: () => void;
  readonly done = new Promise<void>((resolve) => {
    this.finished = resolve;
  });
  /** From learning that a call ended to learning of the queue's next call, ms. */
  readonly seen: number[] = [];
  errors: string[] = [];

  private readonly api: Api;
  private readonly filter: Record<string, unknown>;

  constructor(api: Api, filter: Record<string, unknown>) {
    this.api = api;
    this.filter = filter;
  }

  /** Runs `step` after the rep's earlier steps; a failure is kept, the rep goes on. */
  private act(step: () => Promise<void>) {
    this.steps = this.steps.then(step).catch((error: unknown) => {
      this.errors.push(String(error));
    });
  }

  heard(callId: number) {
    this.lastHeard = performance.now();
    this.act(async () => {
      if (this.status !== 'finished') await this.follow(await this.api.call(callId));
    });
  }

  start() {
    this.act(async () => {
      const row = await this.api.createQueue(this.filter);
      this.rowId = row.id;
      this.applyRow(await this.api.queue(row.id, 'start'));
    });
    const watch = setInterval(() => {
      if (this.status === 'finished') return clearInterval(watch);
      if (performance.now() - this.lastHeard < QUIET_REFRESH_MS) return;
      this.lastHeard = performance.now();
      this.act(() => this.refresh());
    }, QUIET_REFRESH_MS / 3);
  }

  private async refresh() {
    if (this.status === 'finished' || !this.rowId) return;
    const row = await this.api.queue(this.rowId);
    if (row.status === 'Finished') return this.applyRow(row);
    if (row.opportunity_call) await this.follow(row.opportunity_call);
  }

  private applyRow(row: BatchCall) {
    if (row.status === 'Finished') {
      this.status = 'finished';
      this.finished();
      return;
    }
    const call = row.opportunity_call;
    this.status = row.status === 'Paused' ? 'paused' : call?.status === 'onCall' ? 'onCall' : 'onHold';
    if (call && call.id !== this.current?.id) this.placedSeen();
    this.current = call;
    if (this.status === 'onCall' && call) this.talk(call.id);
  }

  private placedSeen() {
    if (this.endedKnownAt !== null) this.seen.push(performance.now() - this.endedKnownAt);
    this.endedKnownAt = null;
  }

  private async follow(call: OpportunityCall): Promise<void> {
    if (call.id !== this.current?.id) {
      if (call.status === 'ended' || this.status !== 'onHold') return;
      // The queue dialed its next card.
      this.placedSeen();
      this.current = { ...call, status: 'dialing' };
    }
    const was = this.current;
    if (call.status === 'onCall' && this.status === 'onHold') {
      this.status = 'onCall';
      this.current = call;
      this.talk(call.id);
      return;
    }
    if (call.status !== 'ended' || was?.status === 'ended') {
      this.current = call;
      return;
    }
    this.current = call;
    this.endedKnownAt = performance.now();
    if (this.status === 'onCall') {
      // After a conversation the queue waits paused while the rep fills in the task and the card: at once here.
      this.status = 'paused';
      await this.api.queue(this.rowId, 'pause');
      this.applyRow(await this.api.queue(this.rowId, 'start'));
      return;
    }
    // Unanswered: the server dialed the next card already.
    const row = await this.api.queue(this.rowId);
    if (row.status === 'Finished') this.applyRow(row);
    else if (row.opportunity_call && row.opportunity_call.id !== call.id)
      await this.follow(row.opportunity_call);
  }

  /** A short talk; then the rep hangs up, or (one call in three) the customer does. */
  private talk(callId: number) {
    const customerEnds = callId % 3 === 0;
    setTimeout(
      () =>
        this.act(async () => {
          if (this.current?.id !== callId || this.status !== 'onCall') return;
          if (customerEnds) await this.api.customerHangsUp(callId).catch(() => undefined);
          else {
            // The line may have ended it meanwhile (409): the bar then follows the event instead.
            const ended = await this.api.hangUp(callId).catch(() => undefined);
            if (ended) await this.follow(ended);
          }
        }),
      Math.random() * TALK_MS,
    );
  }
}

// ---- measuring ----------------------------------------------------------------------------------------------

async function repsOf(target: Target) {
  const database = target.open();
  try {
    const [workspace] = await rows<{ id: number }>(
      database.db,
      sql`select id from workspaces where name = ${WORKSPACE}`,
    );
    if (!workspace) throw new Error(`no workspace '${WORKSPACE}'`);
    const reps = await rows<{ id: number; version: number; role: string }>(
      database.db,
      sql`select u.id, u.token_version version, m.role from members m join users u on u.id = m.user_id
          where m.workspace_id = ${workspace.id} and u.email like 'rep%' order by u.id`,
    );
    // Minted with the server's secret: signing 50 people in would measure argon2id, not the queues.
    const signer = new TokenSigner(JWT_SECRET, 3600);
    const tokens = await Promise.all(
      reps.map((r) => signer.sign({ userId: r.id, platformId: DEFAULT_PLATFORM_ID, version: r.version })),
    );
    return { workspaceId: workspace.id, reps: reps.map((r, i) => ({ ...r, token: tokens[i] as string })) };
  } finally {
    await database.close();
  }
}

async function dialAll(target: Target) {
  const { workspaceId, reps } = await repsOf(target);
  const server = await startServer(target);
  const streams: ReturnType<typeof listen>[] = [];
  let seconds = 0;
  const simulated: Rep[] = [];
  try {
    for (const r of reps) {
      const filter = r.role === 'manager' ? { search: SHARED } : { search: OWN };
      const rep = new Rep(apiOf(workspaceId, r.token), filter);
      simulated.push(rep);
      streams.push(listen(workspaceId, r.token, r.id, (callId) => rep.heard(callId)));
    }
    await Promise.all(streams.map((s) => s.ready));
    console.log(
      `\n${reps.length} reps, ${SHARED_REPS} of them on the shared cards; load average ${machineLoad()}`,
    );
    const begin = performance.now();
    for (const rep of simulated) rep.start();
    await Promise.all(simulated.map((rep) => rep.done));
    seconds = (performance.now() - begin) / 1000;
  } finally {
    for (const s of streams) s.close();
    await stopServer(server);
  }
  const errors = simulated.flatMap((rep) => rep.errors);
  if (errors.length > 0) console.log(`  ${errors.length} requests failed, the first: ${errors[0]}`);
  return { workspaceId, seconds, seen: simulated.flatMap((rep) => rep.seen) };
}

type Handover = { ms: number; shared: boolean; after: 'talk' | 'unanswered' };

async function readResults(target: Target, workspaceId: number) {
  const database = target.open();
  try {
    const { db } = database;
    const handovers = await rows<{ ms: number; shared: boolean; talked: boolean }>(
      db,
      sql`select extract(epoch from next_started - ended_at) * 1000 ms, role = 'manager' shared, talked
          from (select c.ended_at, c.answered_at is not null talked, b.role,
                       lead(c.started_at) over (partition by c.batch_call_id order by c.started_at, c.id) next_started
                from opportunity_calls c join batch_calls b on b.id = c.batch_call_id
                where c.workspace_id = ${workspaceId}) t
          where next_started is not null`,
    );
    const outcomes = await rows<{ outcome: string | null; n: number }>(
      db,
      sql`select outcome, count(*)::int n from opportunity_calls where workspace_id = ${workspaceId}
          group by outcome order by n desc`,
    );
    const [overlaps] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int n from opportunity_calls a join opportunity_calls b
          on b.platform_id = a.platform_id and b.opportunity_id = a.opportunity_id and b.id > a.id
          where a.workspace_id = ${workspaceId}
          and tstzrange(a.started_at, coalesce(a.ended_at, 'infinity')) && tstzrange(b.started_at, coalesce(b.ended_at, 'infinity'))`,
    );
    const [overAttempts] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int n from (
            select c.batch_call_id, c.opportunity_id, count(*) calls, max(b.max_attempts) max_attempts
            from opportunity_calls c join batch_calls b on b.id = c.batch_call_id
            where c.workspace_id = ${workspaceId} group by c.batch_call_id, c.opportunity_id) t
          where calls > max_attempts`,
    );
    const [unfinished] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int n from opportunity_calls where workspace_id = ${workspaceId} and ended_at is null`,
    );
    return {
      handovers: handovers.map(
        (h): Handover => ({ ms: Number(h.ms), shared: h.shared, after: h.talked ? 'talk' : 'unanswered' }),
      ),
      outcomes,
      overlaps: overlaps?.n ?? -1,
      overAttempts: overAttempts?.n ?? -1,
      unfinished: unfinished?.n ?? -1,
    };
  } finally {
    await database.close();
  }
}

function line(label: string, ms: number[]) {
  const [p50, p95, p99, max] = [50, 95, 99, 100].map((p) => percentile(ms, p).toFixed(0).padStart(5));
  return `  ${label.padEnd(46)} n=${String(ms.length).padStart(4)}  p50 ${p50}  p95 ${p95}  p99 ${p99}  max ${max} ms`;
}

async function measure(target: Target) {
  const run = await dialAll(target);
  const results = await readResults(target, run.workspaceId);
  const waitMs = DIAL_TIMEOUT_S * 1000;
  const all = results.handovers;
  // A shared queue whose every card left is on another rep's call waits for the 30 s rule (the dial timeout here).
  const waited = all.filter((h) => h.shared && h.ms >= waitMs);
  const counted = all.filter((h) => !(h.shared && h.ms >= waitMs));
  const ms = (list: Handover[]) => list.map((h) => h.ms);
  const calls = results.outcomes.reduce((sum, o) => sum + o.n, 0);
  console.log(
    `\nDialer on one server process (port ${PORT}), ${calls} calls in ${run.seconds.toFixed(1)} s:`,
  );
  console.log(`  outcomes: ${results.outcomes.map((o) => `${o.outcome ?? 'open'} ${o.n}`).join(', ')}`);
  console.log(
    "Call ended (ended_at) to the queue's next call placed (started_at), as the server recorded them:",
  );
  console.log(line('every handover', ms(counted)));
  console.log(line('  after a talk (hang-up, pause, start)', ms(counted.filter((h) => h.after === 'talk'))));
  console.log(
    line(
      '  after no answer or busy (the server goes on)',
      ms(counted.filter((h) => h.after === 'unanswered')),
    ),
  );
  console.log(line('  own cards (salesReps)', ms(counted.filter((h) => !h.shared))));
  console.log(line('  shared cards (managers)', ms(counted.filter((h) => h.shared))));
  console.log(
    `  left out: ${waited.length} handovers of shared queues that waited for the dial timeout (${DIAL_TIMEOUT_S} s): ` +
      "every card they had left was on another rep's call",
  );
  console.log(line('as the reps saw it (ended heard to next known)', run.seen));
  console.log('Requests, as the reps timed them:');
  for (const [endpoint, times] of [...requestTimes].sort()) console.log(line(endpoint, times));
  const p95 = percentile(ms(counted), 95);
  const withinBudget = p95 < BUDGET_P95_MS;
  console.log(
    `  budget: p95 ${p95.toFixed(0)} ms ${withinBudget ? `ok (under ${BUDGET_P95_MS} ms)` : `OVER the ${BUDGET_P95_MS} ms budget`}`,
  );
  console.log('Double dialing, from the database:');
  console.log(`  calls on one card overlapping in time: ${results.overlaps} (must be 0)`);
  console.log(
    `  cards called above their queue's ${MAX_ATTEMPTS} attempts: ${results.overAttempts} (must be 0)`,
  );
  console.log(`  calls not ended: ${results.unfinished}`);
  console.log(`load average at the end: ${machineLoad()}`);
  if (!withinBudget || results.overlaps !== 0 || results.overAttempts !== 0) process.exitCode = 1;
}

async function steps(target: Target) {
  console.log('Seeding:');
  await seed(target);
  await measure(target);
}

if (process.env.BENCH_ENGINE === 'pglite') {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-dialer-bench-'));
  console.log(`Dialer benchmark on PGlite (${dataDir})`);
  try {
    await steps({ open: () => openDatabase({ dataDir }), env: { DATA_DIR: dataDir } });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-dialer-bench-'));
  await benchOnFreshDatabase('Dialer benchmark', {
    first: async () => console.log(`  load average ${machineLoad()}`),
    seed: (url) => seed({ open: () => openDatabase({ url }), env: {} }),
    measure: (url) =>
      measure({ open: () => openDatabase({ url }), env: { DATABASE_URL: url, DATA_DIR: dataDir } }),
  });
  rmSync(dataDir, { recursive: true, force: true });
}
