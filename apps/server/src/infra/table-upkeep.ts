import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from './db.ts';

// Short enough that a table filling up from empty (a new tenant, a burst) is planned from stale statistics for seconds, not a minute;
// a pass that finds nothing due costs one read of the statistics views.
export const UPKEEP_INTERVAL_MS = 15_000;

interface DueTable {
  name: string;
  analyze: boolean;
  vacuum: boolean;
}

/**
 * Tables past autovacuum's default thresholds: analyze after 50 + 10% of the rows changed; vacuum after 50 + 20%
 * dead rows, or 1,000 + 20% rows inserted since the last vacuum (which keeps index-only scans possible).
 */
const dueTables = sql`
  select format('%I.%I', s.schemaname, s.relname) as name,
         s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze,
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
           or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as vacuum
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid`;

/** Analyzes and vacuums the tables that are due; answers what it did, e.g. ['analyze public.tasks']. */
export async function keepTablesUp(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(dueTables)) as unknown as { rows: DueTable[] };
  const done: string[] = [];
  for (const table of rows) {
    const command = table.vacuum ? 'vacuum analyze' : table.analyze ? 'analyze' : undefined;
    if (!command) continue;
    await db.execute(sql.raw(`${command} ${table.name}`));
    done.push(`${command} ${table.name}`);
  }
  return done;
}

/** PGlite runs no autovacuum; a PostgreSQL server may have it switched off. */
async function upkeepNeeded(database: Pick<Database, 'engine' | 'db'>) {
  if (database.engine === 'pglite') return true;
  const { rows } = (await database.db.execute(
    sql`select current_setting('autovacuum') = 'off' as off`,
  )) as unknown as { rows: { off: boolean }[] };
  return rows[0]?.off === true;
}

/**
 * Without autovacuum the planner never learns how big a table grew (a deep board page once took seconds, a card
 * looked up by id scanned every task of its workspace) and index-only scans keep visiting the heap. So on PGlite,
 * and on a PostgreSQL whose autovacuum is off, the app does it: once at start, then every `intervalMs`; `stop`
 * waits for a pass under way. A PostgreSQL with autovacuum on is left to it.
 */
export function startTableUpkeep(
  database: Pick<Database, 'engine' | 'db'>,
  log: FastifyBaseLogger,
  intervalMs = UPKEEP_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = () => {
    running = running
      .then(() => keepTablesUp(database.db))
      .then((done) => {
        if (done.length > 0) log.debug({ done }, 'table upkeep');
      })
      .catch((err) => log.warn({ err }, 'table upkeep failed'));
  };
  const started = upkeepNeeded(database)
    .then((needed) => {
      if (!needed) return;
      pass();
      if (!stopped) timer = setInterval(pass, intervalMs).unref();
    })
    .catch((err) => log.warn({ err }, 'table upkeep failed'));
  return {
    stop: async () => {
      stopped = true;
      await started;
      clearInterval(timer);
      await running;
    },
  };
}
