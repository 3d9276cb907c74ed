// What the benchmarks share: a throwaway PostgreSQL database, SQL with named parameters, timing, and the real
// app called in-process through app.inject.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/infra/db.ts';
import { TokenSigner } from '../apps/server/src/infra/tokens.ts';
import { PlatformDirectory } from '../apps/server/src/modules/platform/platform.service.ts';

export const HOST = 'localhost';

/** SQL with :named parameters ('::type' casts are left alone) as text and positional values for pg. */
export function named(text: string, values: Record<string, unknown>): { text: string; values: unknown[] } {
  const order: string[] = [];
  const positional = text.replace(/(?<![:\w]):([a-z_]+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for :${name}`);
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}`;
  });
  return { text: positional, values: order.map((name) => values[name]) };
}

export const run = <R extends pg.QueryResultRow>(
  client: pg.ClientBase | pg.Pool,
  text: string,
  values: Record<string, unknown> = {},
) => {
  const query = named(text, values);
  return client.query<R>(query.text, query.values);
};

/** How a benchmark names the sales reps it seeds: 'Agente 7', agente7@chat-bench.local, CHAT00007. */
export interface RepNaming {
  count: number;
  name: string;
  login: string;
  domain: string;
  code: string;
}

/** Sales reps of the workspace, made in two statements; answers their ids. */
export async function seedSalesReps(
  client: pg.Client,
  scope: { platformId: number; workspaceId: number },
  passwordHash: string,
  naming: RepNaming,
) {
  const users = await run<{ id: number }>(
    client,
    `insert into users (platform_id, name, email, username, password_hash, access_code)
     select :platform::int, :name::text || ' ' || g, :login::text || g || '@' || :domain::text, :login::text || g,
            :hash::text, :code::text || lpad(g::text, 5, '0')
     from generate_series(1, :count::int) g returning id`,
    { platform: scope.platformId, hash: passwordHash, ...naming },
  );
  const ids = users.rows.map((r) => r.id);
  await run(
    client,
    `insert into members (platform_id, workspace_id, user_id, role)
     select :platform::int, :workspace::int, id, 'salesRep' from unnest(:ids::int[]) id`,
    { platform: scope.platformId, workspace: scope.workspaceId, ids },
  );
  return ids;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function timed<T>(label: string, body: () => Promise<T>): Promise<T> {
  const begin = performance.now();
  const result = await body();
  console.log(`  ${label.padEnd(44)} ${seconds(performance.now() - begin)}`);
  return result;
}

// ---- the database ---------------------------------------------------------------------------------------

interface Target {
  url: string;
  name: string;
  fresh: boolean;
}

function urlOf(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function onServer(base: string, statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database vendaval_bench_<random> on the server, or the kept one BENCH_REUSE names. */
async function openTarget(base: string): Promise<Target> {
  const reuse = process.env.BENCH_REUSE;
  if (reuse) return { url: urlOf(base, reuse), name: reuse, fresh: false };
  const name = `vendaval_bench_${randomBytes(5).toString('hex')}`;
  await onServer(base, `create database ${name}`);
  return { url: urlOf(base, name), name, fresh: true };
}

/** A kept database gets the migrations added since it was seeded, as the app applies them on start. */
async function migrateKept(url: string) {
  const database = openDatabase({ url });
  try {
    await timed('pending migrations', () => database.migrate());
  } finally {
    await database.close();
  }
}

export type Seeding = { database: Database; client: pg.Client; platforms: PlatformDirectory };

/** Seeds the database at `url`: migrated and its platforms written, then `body` with the app's database and a pg client. */
export async function seedDatabase(url: string, body: (seeding: Seeding) => Promise<void>) {
  const database = openDatabase({ url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await timed('migrations (openDatabase().migrate())', () => database.migrate());
    const platforms = new PlatformDirectory();
    await platforms.load(database.db);
    await body({ database, client, platforms });
  } finally {
    await client.end();
    await database.close();
  }
}

type BenchSteps = {
  /** Before seeding, e.g. what the server is. */
  first?: (url: string) => Promise<void>;
  seed: (url: string) => Promise<void>;
  measure: (url: string) => Promise<void>;
};

/**
 * Runs a benchmark on the PostgreSQL server of BENCH_DATABASE_URL (or TEST_DATABASE_URL): a fresh database is
 * seeded, measured and dropped (BENCH_KEEP=1 keeps it); BENCH_REUSE=<database> measures a kept one again.
 */
export async function benchOnFreshDatabase(title: string, steps: BenchSteps) {
  const baseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://root@127.0.0.1:5432/test');
    process.exit(1);
  }
  const target = await openTarget(baseUrl);
  console.log(`${title} on database ${target.name}`);
  await steps.first?.(target.url);
  try {
    if (target.fresh) {
      console.log('Seeding:');
      const begin = performance.now();
      await steps.seed(target.url);
      console.log(`  ${'seeding, in all'.padEnd(44)} ${seconds(performance.now() - begin)}`);
    } else {
      await migrateKept(target.url);
    }
    await steps.measure(target.url);
  } finally {
    if (target.fresh && process.env.BENCH_KEEP !== '1')
      await onServer(baseUrl, `drop database if exists ${target.name} with (force)`);
    else console.log(`\nDatabase ${target.name} kept (BENCH_REUSE=${target.name} measures it again).`);
  }
}

// ---- the app ------------------------------------------------------------------------------------------------

/** A signed-in person's access token, through app.inject. */
async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    headers: { host: HOST },
    payload: { username, password },
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  return login.json().access_token as string;
}

export type Caller = (url: string) => Promise<{ body: unknown; ms: number }>;

/** GET through app.inject as one signed-in person: the answer and the time it took. */
export async function signedInCaller(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<Caller> {
  const token = await signIn(app, username, password);
  return async (url: string) => {
    const begin = performance.now();
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { host: HOST, authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - begin;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return { body: res.json() as unknown, ms };
  };
}

/**
 * GET over real HTTP (one keep-alive connection) as one signed-in person, the app listening on a free port of
 * 127.0.0.1: the answer and the time from sending the request until its whole body arrived.
 */
export async function httpCaller(app: FastifyInstance, username: string, password: string): Promise<Caller> {
  const token = await signIn(app, username, password);
  const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { host: HOST, authorization: `Bearer ${token}` };
  return (url: string) =>
    new Promise((resolve, reject) => {
      const begin = performance.now();
      const req = request(
        { host: address.hostname, port: address.port, path: url, agent, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const ms = performance.now() - begin;
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}: ${text}`));
            else resolve({ body: JSON.parse(text) as unknown, ms });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
}

/** An answer of a server process: its status, its body as text, and the time from sending to the body's end. */
export interface ServerAnswer {
  status: number;
  body: string;
  ms: number;
}

/**
 * Requests to a server process listening on 127.0.0.1:`port`, sent as the demo's host over keep-alive connections
 * (at most `maxSockets` at once); `close` ends the connections kept open.
 */
export function serverCaller(port: number, maxSockets = Number.POSITIVE_INFINITY) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    new Promise<ServerAnswer>((resolve, reject) => {
      const begin = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = {
        host: HOST,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      };
      const req = request({ agent, host: '127.0.0.1', port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - begin,
          }),
        );
      });
      req.on('error', reject);
      req.end(payload);
    });
  return { call, close: () => agent.destroy() };
}

/**
 * A workspace's event stream on the server process at 127.0.0.1:`port`, as the demo's host: `onEvent` hears each
 * event's data; `ready` resolves on the server's 'ready' event (the subscription is in place), `close` ends it.
 */
export function eventStream<Event>(
  port: number,
  workspaceId: number,
  token: string,
  onEvent: (event: Event) => void,
) {
  let closeStream = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/v1/workspaces/${workspaceId}/events`,
        headers: { host: HOST, authorization: `Bearer ${token}` },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (frame.includes('event: ready')) resolve();
            const data = /^data: (.+)$/m.exec(frame)?.[1];
            if (data && !frame.includes('event:')) onEvent(JSON.parse(data) as Event);
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
    closeStream = () => req.destroy();
  });
  return { ready, close: () => closeStream() };
}

/**
 * The real app, built as the API tests build it, on the database at `url`, with `username` signed in; `settings`
 * replaces configuration values (as environment variables would).
 */
export async function startApp(
  url: string,
  username: string,
  password: string,
  settings: Partial<ReturnType<typeof readConfig>> = {},
) {
  const database = openDatabase({ url });
  const platforms = new PlatformDirectory();
  await platforms.load(database.db);
  const config = {
    ...readConfig({}),
    jwtSecret: randomBytes(24).toString('hex'),
    dataDir: '/nonexistent',
    ...settings,
  };
  const app = await buildApp(
    {
      config,
      database,
      db: database.db,
      platforms,
      tokens: new TokenSigner(config.jwtSecret, config.jwtTtlSeconds),
    },
    { logger: false },
  );
  const call = await signedInCaller(app, username, password);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return { app, database, call, pool };
}
