import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listenOnPostgres, type PayloadHandler } from './pg-listener.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs independent reads at once on a pool, and one after another inside a transaction, whose single connection
 * must not be given overlapping queries (node-postgres deprecates it).
 */
export async function concurrently<T extends unknown[]>(
  db: DbOrTx,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Hears every NOTIFY on `channel` (sent by any server process); resolves to the function that stops it. */
  listen(channel: string, onPayload: PayloadHandler): Promise<() => Promise<void>>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * PostgreSQL when a URL is given, otherwise PGlite under `dataDir` (or in memory with `memory: true`), starting
 * from `image` (a PGlite data folder dump) when given.
 */
export function openDatabase(options: {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  image?: Blob;
}): Database {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.memory ? undefined : join(options.dataDir ?? './data', 'pglite'), options.image);
}

/** A PGlite data folder, dumped, holding the schema of every migration and nothing else. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * `select 1`, shared by every caller that asks while one is on its way: a burst of health checks (load balancers,
 * monitors) costs the database one round trip, not one each.
 */
function sharedPing(db: Db): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () => {
    pending ??= db.execute(sql`select 1`).then(
      () => {
        pending = undefined;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The server may end an idle connection (restart, failover, a dropped database): the pool discards it and
  // opens another on the next query. Unheard, that error would end the process.
  pool.on('error', () => {});
  // A connection ended while checked out between two queries of a transaction has no listener of the pool's: the
  // transaction's next query fails (and the request with it) and the pool drops the connection on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
    ping: sharedPing(db),
    close: () => pool.end(),
    async listen(channel, onPayload) {
      const listener = listenOnPostgres(url, channel, onPayload);
      await listener.ready;
      return listener.stop;
    },
  };
}

function openPglite(dir: string | undefined, image: Blob | undefined): Database {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite({ dataDir: dir, ...(image ? { loadDataDir: image } : {}) });
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: sharedPing(db),
    close: () => client.close(),
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/**
 * The integrity constraint a failed query broke (SQLSTATE class 23: unique, foreign key, check…), found on the
 * driver's error that Drizzle wraps; undefined for any other failure.
 */
export function brokenConstraint(
  error: unknown,
): { code: string; constraint: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && code.startsWith('23')) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = cause;
  }
  return undefined;
}
