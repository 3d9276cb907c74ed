import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from './db.ts';
import type { Jobs } from './jobs.ts';

export const RATE_LIMIT_PRUNE_QUEUE = 'rate-limit-prune';
const PRUNE_CRON = '*/15 * * * *';

type Hits = { current: number; ttl: number };
type StoreOptions = { continueExceeding?: boolean };
type RouteOptions = StoreOptions & { routeInfo?: { method?: string; url?: string } };

/** Counts one more hit of `key` in its window, opening a new window when the last one is over. */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  max: number,
  continueExceeding = false,
): Promise<Hits> {
  const fresh = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const result = await db.execute(sql`
    insert into rate_limit_hits as r (key, hits, expires_at) values (${key}, 1, ${fresh})
    on conflict (key) do update set
      hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
      expires_at = case
        when r.expires_at <= now() then excluded.expires_at
        when ${continueExceeding} and r.hits + 1 > ${max} then excluded.expires_at
        else r.expires_at end
    returning hits, greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::int as ttl`);
  const [row] = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows;
  if (!row) throw new Error('rate limit counter not written');
  return { current: row.hits, ttl: row.ttl };
}

/** A @fastify/rate-limit store whose counters live in the database, so every server process sees the same. */
function databaseStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly continueExceeding: boolean;
    private readonly prefix: string;

    constructor(options: StoreOptions, prefix = '') {
      this.continueExceeding = options.continueExceeding ?? false;
      this.prefix = prefix;
    }

    incr(key: string, done: (error: Error | null, hits?: Hits) => void, windowMs: number, max: number) {
      countHit(db, this.prefix + key, windowMs, max, this.continueExceeding).then(
        (hits) => done(null, hits),
        (error: Error) => done(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes its merged limit settings with the route under `routeInfo`, which its types omit.
      const route = options as unknown as RouteOptions;
      const { method = '', url = '' } = route.routeInfo ?? {};
      return new DatabaseRateLimitStore(route, `${this.prefix}${method}${url}-`);
    }
  };
}

/**
 * Where the rate limits keep their counts: Redis when REDIS_URL is set, otherwise the database. Either way every
 * server process behind a proxy shares them, so a limit is not multiplied by the number of instances.
 */
export function sharedRateLimitStore(
  redisUrl: string | undefined,
  db: Db,
): {
  options: Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace' | 'skipOnError'>;
  close(): Promise<void>;
} {
  if (!redisUrl) return { options: { store: databaseStore(db) }, close: async () => {} };
  const redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
  return {
    // A Redis outage must not lock everyone out of signing in: the limits pause until it is back.
    options: { redis, nameSpace: 'vendaval-rate-limit-', skipOnError: true },
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}

/** Forgets the counters whose window is over. */
export async function pruneRateLimitHits(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from rate_limit_hits where expires_at < now()`);
  return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}

export function registerRateLimitPrune(jobs: Jobs, db: Db) {
  jobs.work(RATE_LIMIT_PRUNE_QUEUE, async () => {
    await pruneRateLimitHits(db);
  });
  jobs.schedule(RATE_LIMIT_PRUNE_QUEUE, PRUNE_CRON);
}
