import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { crashTestsRun, signedIn, useCrashWorld } from '../../test/crash.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a PostgreSQL restart does to a server's connections: every one of them is ended at once. */
async function endEveryConnection(database: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
  } finally {
    await admin.end();
  }
}

describe.skipIf(!crashTestsRun)('the server when PostgreSQL ends its connections (PostgreSQL)', () => {
  const world = useCrashWorld();

  it('connections ended under load, mid-transaction too, never stop the process: it goes on answering and writing', async () => {
    const w = world();
    const { token, workspaceId } = await signedIn(w);
    const bots = await w.server.call<{ data: { id: number; channel: string }[] }>(
      'GET',
      `/workspaces/${workspaceId}/bots`,
      { token },
    );
    const bot = bots.body.data.find((b) => b.channel === 'sandbox')?.id;
    const rows = await w.db.execute(sql`select current_database() as name`);
    const database = (rows as unknown as { rows: { name: string }[] }).rows[0]?.name as string;
    const send = (n: number) =>
      w.server.call('POST', `/workspaces/${workspaceId}/simulator/messages`, {
        token,
        body: {
          bot_id: bot,
          phone_number: `1197700${String(n % 50).padStart(4, '0')}`,
          message: `carga ${n}`,
        },
      });

    let sending = true;
    const load = Array.from({ length: 6 }, async (_, lane) => {
      for (let n = lane; sending; n += 6) await send(n).catch(() => {});
    });
    for (let round = 0; round < 5; round++) {
      await sleep(300);
      await endEveryConnection(database);
    }
    sending = false;
    await Promise.all(load);

    expect(w.server.output()).not.toContain('shutting down');
    const after = await send(100_000);
    expect(after.status, w.server.output()).toBe(200);
  });
});
