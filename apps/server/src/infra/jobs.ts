import { createHash, randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import {
  type ConstructorOptions,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  PgBoss,
} from 'pg-boss';
import type { Database, DbOrTx } from './db.ts';

/** What a handler learns about the attempt it runs. */
export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** No retry follows if this attempt fails: the handler should record the failure where users see it. */
  isLastAttempt: boolean;
  /** Aborted when the server stops or the job's claim is lost: stop at the next safe point and throw. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface QueueSettings {
  /** Attempts after the first one. */
  retryLimit: number;
  /** First retry delay; each later one doubles, with jitter, up to retryDelayMaxSeconds. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** An attempt running longer than this is failed and retried. */
  expireInSeconds: number;
  /** A worker that dies (crash, kill) stops beating; its job is retried after this many seconds. */
  heartbeatSeconds: number;
  /** Jobs of this queue one server runs at once (e.g. deliveries waiting on slow receivers). */
  concurrency: number;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: DbOrTx;
  /** Idempotent send: a second send with the same key while the first job is kept is ignored. */
  key?: string;
  /** Runs no earlier than this: a scheduled job instead of a sleeping process. */
  startAfter?: Date;
}

/**
 * Background work that survives restarts (ARCHITECTURE §6): at-least-once delivery, retries with
 * backoff. Modules declare their queues with `work` while their routes register; the app starts the
 * jobs when it is ready and stops them when it closes.
 */
export interface Jobs {
  work<T extends object>(name: string, handler: JobHandler<T>, settings?: Partial<QueueSettings>): void;
  /** The job id, or null when `key` named a job that already exists. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Sends a job to a queue declared with `work` on a cron schedule (UTC); one job per occurrence cluster-wide. */
  schedule(name: string, cron: string): void;
  /** Jobs kept per queue by state, as of pg-boss's last count; empty while the jobs are stopped. */
  counts(): Promise<QueueCounts[]>;
  /** Whether a job is being run right now by a live worker (a dead worker's job stops counting within seconds). */
  isActive(name: string, id: string): Promise<boolean>;
  /**
   * The jobs of a queue scheduled for later whose data holds every field of `data` become due now (a sandbox's
   * clock jumping ahead); answers how many.
   */
  startNow(name: string, data: Record<string, unknown>): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueCounts {
  queue: string;
  /** Waiting to run, now or later. */
  queued: number;
  active: number;
  /** Failed for good and still kept. */
  failed: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  retryLimit: 5,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 300,
  expireInSeconds: 15 * 60,
  // pg-boss's minimum: with a beat every HEARTBEAT_REFRESH_SECONDS, a live worker misses it only if it is stuck for
  // 8 s, while a killed one's jobs are retried about 10 s after its last beat.
  heartbeatSeconds: 10,
  concurrency: 1,
};

/** How often a running handler's worker proves it is alive (pg-boss's default is half the heartbeat). */
const HEARTBEAT_REFRESH_SECONDS = 2;
/**
 * How often the supervisor looks for jobs whose worker stopped beating (and runs its upkeep). pg-boss's 60 s made
 * a restarted server wait about a minute for the work a killed one left; its stats query costs ~0.2 s per million
 * jobs kept, so every 2 s stays cheap.
 */
const SUPERVISE_SECONDS = 2;

export interface JobsOptions {
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** How long stop() lets running handlers reach a safe point before their jobs are failed for retry. */
  stopTimeoutMs?: number;
  /** Backstop poll while LISTEN/NOTIFY wakes the workers; also how soon a delayed retry is seen. */
  pollSeconds?: number;
  /** Told of every failed attempt (the metrics count them). */
  onFailure?: (queue: string) => void;
}

interface Queue {
  handler: JobHandler<object>;
  settings: QueueSettings;
}

/** pg-boss on the app's own database: the embedded PGlite instance or PostgreSQL with a small pool. */
export function createJobs(database: Database, options: JobsOptions): Jobs {
  const queues = new Map<string, Queue>();
  const schedules = new Map<string, string>();
  let stopping = new AbortController();
  let boss: PgBoss | undefined;
  // Each server's job connections carry a name of their own, so a starting server can tell whether another runs.
  const applicationName = `${APPLICATION_NAME}:${randomUUID().slice(0, 8)}`;

  const attempt = (job: Job<object>, queue: Queue): JobContext => ({
    id: job.id,
    retryCount: job.retryCount,
    isLastAttempt: job.retryCount >= queue.settings.retryLimit,
    signal: AbortSignal.any([job.signal, stopping.signal]),
  });

  async function listen(started: PgBoss, name: string, queue: Queue) {
    await started.createQueue(name, { ...queueOptions(queue.settings), notify: true });
    const poll = options.pollSeconds ?? 2;
    await started.work<object>(
      name,
      {
        pollingIntervalSeconds: poll,
        notifyPollingIntervalSeconds: poll,
        localConcurrency: queue.settings.concurrency,
        burstWhenReadyExceeds: 1,
        heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS,
      },
      async ([job]) => {
        if (!job) return;
        const context = attempt(job, queue);
        try {
          await queue.handler(job.data, context);
        } catch (err) {
          options.onFailure?.(name);
          const log = context.isLastAttempt ? options.log.error : options.log.warn;
          log.call(options.log, { err, queue: name, job: job.id, retryCount: job.retryCount }, 'job failed');
          throw err;
        }
      },
    );
  }

  return {
    work(name, handler, settings) {
      if (boss) throw new Error(`queue ${name} declared after the jobs started`);
      queues.set(name, {
        handler: handler as JobHandler<object>,
        settings: { ...DEFAULT_QUEUE_SETTINGS, ...settings },
      });
    },

    schedule(name, cron) {
      if (boss) throw new Error(`schedule ${name} declared after the jobs started`);
      schedules.set(name, cron);
    },

    async send(name, data, sendOptions = {}) {
      const queue = queues.get(name);
      if (!boss) throw new Error('jobs are not started');
      if (!queue) throw new Error(`unknown queue ${name}`);
      const { tx, key, startAfter } = sendOptions;
      return boss.send(name, data, {
        ...queueOptions(queue.settings),
        ...(startAfter ? { startAfter } : {}),
        ...(key ? { id: keyToUuid(name, key) } : {}),
        ...(tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {}),
      });
    },

    async counts() {
      if (!boss || queues.size === 0) return [];
      const found = await boss.getQueues([...queues.keys()]);
      return found.map((q) => ({
        queue: q.name,
        queued: q.queuedCount,
        active: q.activeCount,
        failed: q.failedCount,
      }));
    },

    async isActive(name, id) {
      if (!boss) throw new Error('jobs are not started');
      const [job] = await boss.findJobs(name, { id });
      return job?.state === 'active';
    },

    async startNow(name, data) {
      const { rows } = (await database.db.execute(sql`
        update pgboss.job set start_after = now()
        where name = ${name} and state = 'created' and start_after > now()
          and data @> ${JSON.stringify(data)}::jsonb
        returning id`)) as unknown as { rows: unknown[] };
      return rows.length;
    },

    async start() {
      if (boss) return;
      stopping = new AbortController();
      const created = new PgBoss(bossOptions(database, schedules.size > 0, applicationName));
      // pg-boss reconnects by itself; the error carries its whole connection object, which the log leaves out.
      created.on('error', ({ message, code }: Error & { code?: string }) =>
        options.log.error({ err: { message, code } }, 'job queue error'),
      );
      created.on('warning', (warning) => options.log.warn({ warning }, 'job queue warning'));
      await created.start();
      boss = created;
      await reclaimAbandoned(database, created, new Set(queues.keys()), applicationName);
      for (const [name, queue] of queues) await listen(created, name, queue);
      for (const [name, cron] of schedules) {
        if (!queues.has(name)) throw new Error(`schedule of unknown queue ${name}`);
        await created.schedule(name, cron, {}, { tz: 'UTC' });
      }
    },

    async stop() {
      const running = boss;
      if (!running) return;
      boss = undefined;
      stopping.abort(new Error('the server is stopping'));
      await running.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 5000 });
    },
  };
}

const APPLICATION_NAME = 'vendaval-jobs';

/**
 * A server that starts while no other one has job connections to its database (on PGlite, always: one process owns
 * it) knows that every job still marked active lost its worker when the last server died: it hands them back for a
 * retry now instead of waiting for their heartbeats to lapse. With another server connected, the heartbeat decides.
 */
async function reclaimAbandoned(database: Database, boss: PgBoss, queues: Set<string>, self: string) {
  if (database.engine === 'postgres') {
    const others = (await database.db.execute(sql`
      select 1 from pg_stat_activity
      where datname = current_database() and application_name like ${`${APPLICATION_NAME}%`}
        and application_name <> ${self}
      limit 1`)) as unknown as { rows: unknown[] };
    if (others.rows.length > 0) return;
  }
  const { rows } = (await database.db.execute(
    sql`select id, name from pgboss.job where state = 'active'`,
  )) as unknown as { rows: { id: string; name: string }[] };
  for (const name of queues) {
    const ids = rows.filter((row) => row.name === name).map((row) => row.id);
    if (ids.length === 0) continue;
    await boss.fail(name, ids, { message: 'the server running it stopped' });
    // The job did not fail, its server died: it runs again now, not after its queue's back-off for errors.
    await database.db.execute(sql`
      update pgboss.job set start_after = now()
      where name = ${name} and state = 'retry' and id = any(${`{${ids.join(',')}}`}::uuid[])`);
  }
}

function bossOptions(database: Database, scheduled: boolean, applicationName: string): ConstructorOptions {
  const common: ConstructorOptions = {
    // Without recurring jobs the cron timers would only cost.
    schedule: scheduled,
    useListenNotify: true,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    queueCacheIntervalSeconds: SUPERVISE_SECONDS,
    application_name: applicationName,
  };
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.engine === 'pglite') {
    return { ...common, db: fromPglite(client as PGlite), backend: 'pglite' };
  }
  return { ...common, connectionString: (client as pg.Pool).options.connectionString, max: 4 };
}

function queueOptions(settings: QueueSettings) {
  return {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
    expireInSeconds: settings.expireInSeconds,
    heartbeatSeconds: settings.heartbeatSeconds,
  };
}

/** A job id derived from the queue and a caller's key, so a repeated send collides instead of duplicating. */
export function keyToUuid(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
