import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/infra/db.ts';
import { startGraphApi } from './graph-api.ts';
import { type ServerProcess, serverProcess } from './server-process.ts';
import { freshDatabase } from './test-app.ts';

// What the crash tests share: a real server process on a fresh PostgreSQL database, killed with SIGKILL while its
// work is under way, and the time it takes a restarted one to take that work up again.

export const crashTestsRun = Boolean(process.env.TEST_DATABASE_URL);

export async function crashWorld(env: Record<string, string> = {}) {
  const fresh = await freshDatabase();
  if (!fresh.url) throw new Error('crash tests need TEST_DATABASE_URL');
  const graph = await startGraphApi();
  const server = serverProcess({
    DATABASE_URL: fresh.url,
    WHATSAPP_API_BASE_URL: graph.baseUrl,
    ...env,
  });
  return {
    db: fresh.database.db,
    graph,
    server,
    async close() {
      await server.close();
      await graph.close();
      await fresh.database.close();
      await fresh.drop();
    },
  };
}

/** One number of a query, e.g. `select count(*) ...`. */
export async function scalar(db: Db, query: SQL): Promise<number> {
  const { rows } = (await db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(rows[0]?.n ?? 0);
}

export async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 45_000, everyMs = 20) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Kills the server the moment `inFlight` sees work under way, and makes sure the kill left it so (the work could
 * end between the look and the kill: then it starts the server again and waits for the next moment).
 */
export async function killMidWork(server: ServerProcess, inFlight: () => Promise<boolean>, what: string) {
  for (let tries = 0; tries < 5; tries++) {
    await until(inFlight, what, 45_000, 5);
    await server.kill();
    if (await inFlight()) return;
    await server.start();
  }
  throw new Error(`never caught ${what}`);
}

/**
 * Starts the server again and measures how long until `progressed` sees the interrupted work move on: from the
 * restart and from the moment the server answers again.
 */
export async function restartAndTime(
  server: ServerProcess,
  progressed: () => Promise<boolean>,
  what: string,
) {
  const restarted = performance.now();
  const startupMs = await server.start();
  await until(progressed, what, 45_000, 50);
  const resumedMs = performance.now() - restarted;
  const line = `${what}: resumed ${(resumedMs / 1000).toFixed(1)} s after the restart (the server answered after ${(startupMs / 1000).toFixed(1)} s)`;
  process.stdout.write(`${line}\n`);
  return { resumedMs, startupMs };
}
