import { randomBytes, randomInt } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { countHit, pruneRateLimitHits } from './rate-limits.ts';

const ATTEMPTS = 3;
// A Redis server outlives the test run: each run signs in from an address and with a login of its own.
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const login = () => `ninguem-${randomBytes(4).toString('hex')}@demo.local`;

function attempt(app: TestApp, username: string, remoteAddress: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    headers: { host: 'localhost' },
    remoteAddress,
    payload: { username, password: 'errada-123' },
  });
}

/** Two server processes on one store: the attempts of both count against one limit. */
async function expectSharedLimit(first: TestApp, second: TestApp) {
  const from = address();
  const username = login();
  const answers = [];
  for (const app of [first, second, first]) answers.push((await attempt(app, username, from)).statusCode);
  expect(answers).toEqual([400, 400, 400]);
  const limited = await attempt(second, username, from);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toMatchObject({ status: 429, message: MESSAGES.tooManyRequests });
  // The limit is per address and login: another login from the same address still gets its own answer.
  expect((await attempt(first, login(), from)).statusCode).toBe(400);
}

describe('rate limits shared by every server process', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp({ config: { loginAttemptsPerWindow: ATTEMPTS } });
    second = await buildTestApp({ sharing: first, config: { loginAttemptsPerWindow: ATTEMPTS } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('PLAT-222 sign-in attempts through two servers on one database count against one limit', async () => {
    await expectSharedLimit(first, second);
  });

  it('a window that is over starts again at one, and the counters past their window are pruned', async () => {
    const db = first.database.db;
    expect(await countHit(db, 'janela', 60_000, 5)).toMatchObject({ current: 1 });
    const second = await countHit(db, 'janela', 60_000, 5);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(50_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    await db.execute(
      sql`update rate_limit_hits set expires_at = now() - interval '1 second' where key = 'janela'`,
    );
    expect(await countHit(db, 'janela', 60_000, 5)).toMatchObject({ current: 1 });
    await db.execute(sql`update rate_limit_hits set expires_at = now() - interval '1 second'`);
    expect(await pruneRateLimitHits(db)).toBeGreaterThan(0);
    const left = await db.execute(sql`select count(*)::int as n from rate_limit_hits`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const config = { loginAttemptsPerWindow: ATTEMPTS, redisUrl: process.env.TEST_REDIS_URL };
    first = await buildTestApp({ config });
    second = await buildTestApp({ sharing: first, config });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('PLAT-222 sign-in attempts through two servers on one Redis count against one limit, none in the database', async () => {
    await expectSharedLimit(first, second);
    const rows = await first.database.db.execute(sql`select count(*)::int as n from rate_limit_hits`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
