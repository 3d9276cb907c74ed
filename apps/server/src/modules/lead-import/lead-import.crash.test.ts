import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  crashTestsRun,
  killMidWork,
  restartAndTime,
  scalar,
  signedIn,
  until,
  useCrashWorld,
} from '../../../test/crash.ts';
import { multipart } from '../../../test/multipart.ts';
import { csv } from './lead-import.fixtures.ts';

const ROWS = 1500;

describe.skipIf(!crashTestsRun)('lead import: the server killed mid-import (PostgreSQL)', () => {
  const crashed = useCrashWorld();

  it('PLAT-244 killed with SIGKILL halfway through, a restarted server finishes the import: every row once, one card per phone', async () => {
    const world = crashed();
    const { db, server } = world;
    const session = await signedIn(world);
    const phones = Array.from({ length: ROWS }, (_, i) => `5511${String(950000000 + i)}`);
    const file = csv(['Nome|Telefone', ...phones.map((phone, i) => `Lead ${i}|${phone}`)]);
    const { payload, headers } = multipart({}, [{ content: file }]);
    const accepted = await server.call<{ id: number }>(
      'POST',
      `/workspaces/${session.workspaceId}/opportunities/upload`,
      {
        token: session.token,
        payload,
        headers,
      },
    );
    expect(accepted.status).toBe(200);
    const importId = accepted.body.id;
    const processed = () =>
      scalar(db, sql`select processed_rows as n from lead_imports where id = ${importId}`);
    const halfway = async () => {
      const n = await processed();
      return n > 0 && n < ROWS;
    };
    await killMidWork(server, halfway, 'the import halfway');
    const atKill = await processed();

    await restartAndTime(
      server,
      async () => (await processed()) > atKill,
      `import of ${ROWS} rows killed at row ${atKill}`,
    );
    await until(
      async () =>
        (await scalar(
          db,
          sql`select count(*) as n from lead_imports where id = ${importId} and status = 'done'`,
        )) === 1,
      'the import to finish',
    );

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
