import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import { openDatabase } from './db.ts';
import { keepTablesUp, startTableUpkeep } from './table-upkeep.ts';

const database = openDatabase({ memory: true });
const quiet = { debug: () => {}, warn: () => {} } as never;

beforeAll(() => database.db.execute(sql`create table upkeep_probe (id serial primary key, n int not null)`));
afterAll(() => database.close());

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The statistics collector reports changes a moment after the transaction that made them. */
async function untilReported(table: string, minimum: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await rowsOf<{ n: number }>(
      sql`select n_mod_since_analyze::int n from pg_stat_user_tables where relname = ${table}`,
    );
    if ((row?.n ?? 0) >= minimum) return;
    if (Date.now() > deadline) throw new Error(`changes to ${table} never reported`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const plannedRows = async () =>
  (await rowsOf<{ n: number }>(sql`select reltuples::int n from pg_class where relname = 'upkeep_probe'`))[0]
    ?.n;

describe('table upkeep on the embedded engine', () => {
  it('a table that grew is vacuumed and analyzed, so the planner knows its size; then nothing is due', async () => {
    await database.db.execute(sql`insert into upkeep_probe (n) select g from generate_series(1, 5000) g`);
    await untilReported('upkeep_probe', 5000);
    expect(await plannedRows()).toBeLessThan(5000);

    expect(await keepTablesUp(database.db)).toContain('vacuum analyze public.upkeep_probe');
    expect(await plannedRows()).toBe(5000);
    expect(await keepTablesUp(database.db)).not.toContain('vacuum analyze public.upkeep_probe');
  });

  it('a few changed rows wait; a tenth of the table changed is analyzed again without a vacuum', async () => {
    await database.db.execute(sql`update upkeep_probe set n = n + 1 where id <= 40`);
    await untilReported('upkeep_probe', 40);
    expect((await keepTablesUp(database.db)).filter((done) => done.includes('upkeep_probe'))).toEqual([]);

    await database.db.execute(sql`update upkeep_probe set n = n + 1 where id <= 700`);
    await untilReported('upkeep_probe', 740);
    expect(await keepTablesUp(database.db)).toContain('analyze public.upkeep_probe');
  });

  it('the running app keeps PGlite up at start; PostgreSQL is left to its autovacuum', async () => {
    await database.db.execute(sql`insert into upkeep_probe (n) select g from generate_series(1, 20000) g`);
    await untilReported('upkeep_probe', 20000);
    await startTableUpkeep({ engine: 'postgres', db: database.db }, quiet).stop();
    expect(await plannedRows()).toBe(5000);

    await startTableUpkeep(database, quiet).stop();
    expect(await plannedRows()).toBe(25000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('table upkeep on PostgreSQL', () => {
  it('the app keeps the tables up exactly when the server runs no autovacuum', async () => {
    const { database: pg, drop } = await freshDatabase();
    try {
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await pg.db.execute(query)) as unknown as { rows: T[] }).rows;
      const [setting] = await rows<{ off: boolean }>(
        sql`select current_setting('autovacuum') = 'off' as off`,
      );
      await pg.db.execute(sql`create table upkeep_probe (id serial primary key, n int not null)`);
      await pg.db.execute(sql`insert into upkeep_probe (n) select g from generate_series(1, 3000) g`);
      for (;;) {
        const [row] = await rows<{ n: number }>(
          sql`select n_mod_since_analyze::int n from pg_stat_user_tables where relname = 'upkeep_probe'`,
        );
        if ((row?.n ?? 0) >= 3000) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await startTableUpkeep(pg, quiet).stop();
      const [planned] = await rows<{ n: number }>(
        sql`select reltuples::int n from pg_class where relname = 'upkeep_probe'`,
      );
      // Analyzed by the app when autovacuum is off; otherwise untouched by it (autovacuum waits a minute).
      expect(planned?.n).toBe(setting?.off ? 3000 : -1);
    } finally {
      await pg.close();
      await drop();
    }
  });
});
