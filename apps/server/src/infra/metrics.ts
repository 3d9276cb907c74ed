import { timingSafeEqual } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { MESSAGES } from '@vendaval/core/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db.ts';
import type { Jobs } from './jobs.ts';

/**
 * The process's Prometheus metrics. One registry per app, so several apps in one process (the tests) keep
 * their numbers apart. Modules add their own gauges through `gauge`.
 */
export interface Metrics {
  registry: Registry;
  /** A gauge read when Prometheus scrapes; `collect` answers the value, or one value per label set. */
  gauge(
    name: string,
    help: string,
    collect: () => number | Promise<Array<{ labels: Record<string, string>; value: number }>>,
    labelNames?: string[],
  ): void;
  /** Counts a failed attempt of a job. */
  jobFailed(queue: string): void;
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const failures = new Counter({
    name: 'vendaval_job_failures_total',
    help: 'Failed attempts of background jobs in this process, by queue (each retry counts).',
    labelNames: ['queue'],
    registers: [registry],
  });
  const metrics: Metrics = {
    registry,
    jobFailed: (queue) => failures.inc({ queue }),
    gauge(name, help, collect, labelNames = []) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          const value = await collect();
          if (typeof value === 'number') this.set(value);
          else {
            this.reset();
            for (const one of value) this.set(one.labels, one.value);
          }
        },
      });
    },
  };
  metrics.gauge(
    'vendaval_db_pool_connections',
    'Database connections of this process by state (PGlite: one, always in use).',
    async () => poolConnections(database),
    ['state'],
  );
  return metrics;
}

/** The depth of every job queue, shared by all processes (read from the database). */
export function watchJobQueues(metrics: Metrics, jobs: Jobs) {
  metrics.gauge(
    'vendaval_job_queue_jobs',
    'Background jobs kept per queue and state (queued, active, failed), across all processes.',
    async () =>
      (await jobs.counts()).flatMap(({ queue, ...states }) =>
        Object.entries(states).map(([state, value]) => ({ labels: { queue, state }, value })),
      ),
    ['queue', 'state'],
  );
}

function poolConnections(database: Database) {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.engine === 'pglite') return [{ labels: { state: 'total' }, value: 1 }];
  const pool = client as pg.Pool;
  return [
    { labels: { state: 'total' }, value: pool.totalCount },
    { labels: { state: 'idle' }, value: pool.idleCount },
    { labels: { state: 'waiting' }, value: pool.waitingCount },
  ];
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** With a token set, only its bearer reads the metrics; without one, only this machine (a local scraper). */
function mayRead(request: FastifyRequest, token: string | undefined) {
  if (!token) return LOOPBACK.test(request.ip);
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Request durations by route pattern and the `GET /metrics` endpoint in Prometheus's text format. */
export function serveMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL: ids and query strings would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, token)) return reply.status(404).send({ status: 404, message: MESSAGES.notFound });
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
