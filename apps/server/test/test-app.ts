import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, readConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/infra/db.ts';
import type { MailMessage } from '../src/infra/mail.ts';
import type { Storage } from '../src/infra/storage.ts';
import { TokenSigner } from '../src/infra/tokens.ts';
import { seedDemo } from '../src/modules/demo/demo.seed.ts';
import { PlatformDirectory } from '../src/modules/platform/platform.service.ts';
import { adminStatement } from './admin-statement.ts';

// What the run's global setup hands every suite (test/global-setup.ts).
declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump of the migrated schema. */
    migratedPgliteImage: string;
    /** A migrated PostgreSQL database to copy, when TEST_DATABASE_URL is set. */
    migratedTemplate: string | undefined;
  }
}

export const DEMO_PASSWORD = 'Demo-Senha1!';
export const DEFAULT_HOST = 'localhost';
export const RH_HOST = 'rh.localhost';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL; unset on PGlite. */
  databaseUrl: string | undefined;
  outbox: MailMessage[];
  tokens: TokenSigner;
  /** Calls the API as the given host (tenant). */
  call(options: InjectOptions & { token?: string; host?: string }): Promise<LightMyRequestResponse>;
  login(email: string, host?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own: PGlite in memory, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set. The demo tenants are seeded so tests start from known people and workspaces.
 */
export async function buildTestApp(
  options: {
    seed?: boolean;
    /** The demo seeded without its chat conversations. */
    demoConversations?: false;
    jwtTtlSeconds?: number;
    config?: Partial<Config>;
    /** Where the app's JSON logs go (info and up); without it the app does not log. */
    logStream?: Writable;
    /** Where uploads go, instead of a folder of the test's own. */
    storage?: Storage;
    /** A second server process on this app's database (PGlite: the same handle); it neither seeds nor drops it. */
    sharing?: TestApp;
  } = {},
): Promise<TestApp> {
  const fresh = options.sharing ? sharedDatabase(options.sharing) : await freshDatabase({ migrated: true });
  const database = fresh.database;
  const platforms = new PlatformDirectory();
  await platforms.load(database.db);
  // Uploads and chat files land in a folder of this app's own, removed with it.
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-test-data-'));
  const config = {
    ...readConfig({}),
    jwtSecret: 'test-secret-test-secret-test-secret',
    dataDir,
    ...options.config,
  };
  const tokens = new TokenSigner(config.jwtSecret, options.jwtTtlSeconds ?? config.jwtTtlSeconds);
  const outbox: MailMessage[] = [];
  const app = await buildApp(
    {
      config,
      database,
      db: database.db,
      platforms,
      tokens,
      mailer: { send: async (m) => void outbox.push(m) },
      ...(options.storage ? { storage: options.storage } : {}),
    },
    { logger: options.logStream ? { level: 'info', stream: options.logStream } : false },
  );
  if (options.seed !== false && !options.sharing)
    await seedDemo(database.db, DEMO_PASSWORD, platforms, {
      conversations: options.demoConversations ?? true,
    });

  const call: TestApp['call'] = ({ token, host, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        host: host ?? DEFAULT_HOST,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });

  return {
    app,
    database,
    databaseUrl: fresh.url,
    outbox,
    tokens,
    call,
    async login(email, host = DEFAULT_HOST, password = DEMO_PASSWORD) {
      const res = await call({
        method: 'POST',
        url: '/api/v1/auth/token',
        host,
        payload: { username: email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().access_token as string;
    },
    async close() {
      await app.close();
      // A second app on PGlite holds the first one's handle, which that one closes.
      const ownsHandle = !options.sharing || fresh.url !== undefined;
      if (ownsHandle) await database.close().catch(() => {}); // a test may have closed it on purpose
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function sharedDatabase(other: TestApp): { database: Database; url?: string; drop: () => Promise<void> } {
  if (!other.databaseUrl) return { database: other.database, drop: async () => {} };
  return { database: openDatabase({ url: other.databaseUrl }), url: other.databaseUrl, drop: async () => {} };
}

/**
 * PGlite in memory, or a new PostgreSQL database (its `url` set) when TEST_DATABASE_URL is set; `drop` removes it.
 * `migrated`: a copy of the database the run migrated before the suites, instead of an empty one.
 */
export async function freshDatabase(options: { migrated?: boolean } = {}): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const image = options.migrated ? new Blob([readFileSync(inject('migratedPgliteImage'))]) : undefined;
    return { database: openDatabase({ memory: true, image }), drop: async () => {} };
  }
  const name = `vendaval_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? inject('migratedTemplate') : undefined;
  await adminStatement(baseUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    database: openDatabase({ url: url.toString() }),
    url: url.toString(),
    drop: () => adminStatement(baseUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Workspace ids of the demo, by name, as seen by a signed-in user. */
export async function workspaceIds(
  t: TestApp,
  token: string,
  host = DEFAULT_HOST,
): Promise<Record<string, number>> {
  const res = await t.call({ method: 'GET', url: '/api/v1/users/self/workspaces', token, host });
  return Object.fromEntries((res.json().data as { id: number; name: string }[]).map((w) => [w.name, w.id]));
}
