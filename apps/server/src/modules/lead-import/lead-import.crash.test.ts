import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  crashAndResume,
  crashTestsRun,
  importScenario,
  signedIn,
  useCrashWorld,
} from '../../../test/crash.ts';

const ROWS = 1500;

describe.skipIf(!crashTestsRun)('lead import: the server killed mid-import (PostgreSQL)', () => {
  const crashed = useCrashWorld();

  it('PLAT-244 killed with SIGKILL halfway through, a restarted server finishes the import: every row once, one card per phone', async () => {
    const world = crashed();
    const { db, server } = world;
    const session = await signedIn(world);
    const scenario = await importScenario(world, session, ROWS);
    const { importId, phones } = scenario;
    await crashAndResume(server, scenario);

    const done = await server.call<{
      total_rows: number;
      processed_rows: number;
      created: number;
      merged: number;
      failed: number;
    }>('GET', `/workspaces/${session.workspaceId}/opportunities/upload/${importId}`, {
      token: session.token,
    });
    expect(done.body).toMatchObject({
      total_rows: ROWS,
      processed_rows: ROWS,
      created: ROWS,
      merged: 0,
      failed: 0,
    });
    const { rows } = (await db.execute(sql`
      select c.phone_number as phone, count(o.id)::int as cards
      from contacts c left join opportunities o on o.contact_id = c.id
      where c.workspace_id = ${session.workspaceId} and c.phone_number between ${phones[0]} and ${phones.at(-1)}
      group by c.phone_number`)) as unknown as { rows: { phone: string; cards: number }[] };
    expect(rows).toHaveLength(ROWS);
    expect(rows.filter((r) => r.cards !== 1)).toEqual([]);
  }, 120_000);
});
