import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createJobs, type JobContext, type Jobs, keyToUuid } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

const quiet = { error: () => {}, warn: () => {} };
const newJobs = () => createJobs(t.database, { log: quiet, pollSeconds: 0.5, stopTimeoutMs: 1000 });

async function until<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no job connection of a stopped instance is left on the database (PostgreSQL ends them shortly after). */
async function untilAlone() {
  if (t.database.engine !== 'postgres') return;
  for (;;) {
    const { rows } = (await t.database.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and application_name like 'vendaval-jobs%'`,
    )) as unknown as { rows: unknown[] };
    if (rows.length === 0) return;
    await pause(50);
  }
}

describe('background jobs (pg-boss on the app database)', () => {
  it('a sent job reaches its handler with its data', async () => {
    const jobs = newJobs();
    const seen: unknown[] = [];
    jobs.work<{ n: number }>('test-echo', async (data) => void seen.push(data));
    await jobs.start();
    try {
      expect(await jobs.send('test-echo', { n: 7 })).toMatch(/^[0-9a-f-]{36}$/);
      expect(await until(() => seen[0])).toEqual({ n: 7 });
    } finally {
      await jobs.stop();
    }
  });

  it('a failing handler is retried with backoff; only the last attempt is told it is the last', async () => {
    const jobs = newJobs();
    const attempts: Pick<JobContext, 'retryCount' | 'isLastAttempt'>[] = [];
    jobs.work(
      'test-flaky',
      async (_data, { retryCount, isLastAttempt }) => {
        attempts.push({ retryCount, isLastAttempt });
        throw new Error('still failing');
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await jobs.start();
    try {
      await jobs.send('test-flaky', {});
      await until(() => (attempts.length === 3 ? true : undefined), 25_000);
      expect(attempts).toEqual([
        { retryCount: 0, isLastAttempt: false },
        { retryCount: 1, isLastAttempt: false },
        { retryCount: 2, isLastAttempt: true },
      ]);
      await pause(1500);
      expect(attempts).toHaveLength(3);
    } finally {
      await jobs.stop();
    }
  });

  it('a send with a key is idempotent: the same key twice makes one job', async () => {
    const jobs = newJobs();
    let runs = 0;
    jobs.work('test-once', async () => void runs++);
    await jobs.start();
    try {
      const first = await jobs.send('test-once', {}, { key: 'import-1' });
      const second = await jobs.send('test-once', {}, { key: 'import-1' });
      expect(first).toBe(keyToUuid('test-once', 'import-1'));
      expect(second).toBeNull();
      await until(() => (runs > 0 ? true : undefined));
      await pause(1000);
      expect(runs).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const jobs = newJobs();
    const seen: string[] = [];
    jobs.work<{ tag: string }>('test-tx', async ({ tag }) => void seen.push(tag));
    await jobs.start();
    try {
      await t.database.db
        .transaction(async (tx) => {
          await jobs.send('test-tx', { tag: 'rolled back' }, { tx });
          throw new Error('abort the transaction');
        })
        .catch(() => {});
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await jobs.send('test-tx', { tag: 'committed' }, { tx });
      });
      await until(() => seen[0]);
      await pause(1000);
      expect(seen).toEqual(['committed']);
    } finally {
      await jobs.stop();
    }
  });

  it('stopping aborts a running handler and a restart runs the job again: nothing is lost', async () => {
    const jobs = newJobs();
    const events: string[] = [];
    jobs.work('test-long', async (_data, { signal, retryCount }) => {
      events.push(`start ${retryCount}`);
      if (retryCount > 0) return void events.push('done');
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      events.push('aborted');
      throw new Error('stopped before the end');
    });
    await jobs.start();
    await jobs.send('test-long', {});
    await until(() => (events.includes('start 0') ? true : undefined));
    await jobs.stop();
    expect(events).toEqual(['start 0', 'aborted']);

    await jobs.start();
    try {
      await until(() => (events.includes('done') ? true : undefined), 25_000);
      expect(events).toEqual(['start 0', 'aborted', 'start 1', 'done']);
    } finally {
      await jobs.stop();
    }
  });

  it("a server that starts alone runs at once a job a killed server left active, without waiting for its heartbeat or its queue's back-off", async () => {
    const first = newJobs();
    // Two minutes between attempts: the job must run again long before that, since it did not fail.
    const slowRetries = { retryDelaySeconds: 120 };
    const runs: number[] = [];
    const handler = async (_data: object, { signal, retryCount }: JobContext) => {
      runs.push(retryCount);
      if (retryCount > 0) return;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      throw new Error('stopped');
    };
    first.work('test-orphan', handler, slowRetries);
    await first.start();
    const id = await first.send('test-orphan', {});
    await until(() => (runs.length > 0 ? true : undefined));
    await first.stop();
    // What a kill leaves instead of a clean stop: the job active, its heartbeat fresh for an hour.
    await t.database.db.execute(
      sql`update pgboss.job set state = 'active', heartbeat_on = now() + interval '1 hour' where id = ${id}`,
    );
    await untilAlone();
    const next = newJobs();
    next.work('test-orphan', handler, slowRetries);
    await next.start();
    try {
      await until(() => (runs.length === 2 ? true : undefined));
      expect(runs).toEqual([0, 1]);
    } finally {
      await next.stop();
    }
  });

  it('after stop no timer of the queue is left to keep the process alive', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const jobs = newJobs();
    jobs.work('test-idle', async () => {});
    await jobs.start();
    expect(timers()).toBeGreaterThan(before);
    await jobs.stop();
    await pause(50);
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('refuses to send to an undeclared queue or before start', async () => {
    const jobs: Jobs = newJobs();
    jobs.work('test-declared', async () => {});
    await expect(jobs.send('test-declared', {})).rejects.toThrow('not started');
    await jobs.start();
    try {
      await expect(jobs.send('test-undeclared', {})).rejects.toThrow('unknown queue');
    } finally {
      await jobs.stop();
    }
  });
});
