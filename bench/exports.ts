// The exports benchmark (ARCHITECTURE.md §9): the board's 1,000,000 cards exported as XLSX and as CSV by the export
// job, with its time and the process's peak memory (RSS); budget: under 300 MB, so the query and the writer stream.
//
// Usage: npm run exports -w @vendaval/bench
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL)  the PostgreSQL server to use; a database is seeded there as the
//                                              pipeline benchmark seeds it and dropped at the end
//   BENCH_KEEP=1             keep that database (its name is printed)
//   BENCH_REUSE=<database>   measure a kept database again (one the pipeline benchmark kept, say), without seeding
//   BENCH_CARDS=<n>          cards of the big workspace (default 1000000)
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportFormat } from '@vendaval/core/schemas/exports';
import { openDatabase } from '../apps/server/src/infra/db.ts';
import { createEvents } from '../apps/server/src/infra/events.ts';
import { localDiskStorage } from '../apps/server/src/infra/storage.ts';
import { insertExport } from '../apps/server/src/modules/exports/exports.queries.ts';
import { runExportJob } from '../apps/server/src/modules/exports/exports.service.ts';
import { PlatformDirectory } from '../apps/server/src/modules/platform/platform.service.ts';
import { benchOnFreshDatabase, run, seconds } from './bench-support.ts';
import { ADMIN_EMAIL, BIG_WORKSPACE, printSize, seedAll } from './pipeline-world.ts';

const BUDGET_MB = 300;
const MB = 1024 * 1024;

async function bigWorkspace(url: string) {
  const database = openDatabase({ url });
  const client = (database.db as unknown as { $client: import('pg').Pool }).$client;
  try {
    const { rows } = await run<{ platformId: number; workspaceId: number; userId: number; cards: number }>(
      client as unknown as import('pg').Client,
      `select w.platform_id "platformId", w.id "workspaceId", u.id "userId",
              (select count(*)::int from opportunities o where o.platform_id = w.platform_id and o.workspace_id = w.id) cards
       from workspaces w join users u on u.email = :email where w.name = :name`,
      { name: BIG_WORKSPACE, email: ADMIN_EMAIL },
    );
    const [found] = rows;
    if (!found) throw new Error(`no workspace '${BIG_WORKSPACE}' in this database`);
    return found;
  } finally {
    await database.close();
  }
}

/** Runs one export job of every card, sampling the process's RSS while it runs. */
async function measureExport(
  url: string,
  scope: Awaited<ReturnType<typeof bigWorkspace>>,
  format: ExportFormat,
) {
  const database = openDatabase({ url });
  const folder = await mkdtemp(join(tmpdir(), 'bench-exports-'));
  const storage = localDiskStorage(folder);
  const platforms = new PlatformDirectory();
  try {
    await platforms.load(database.db);
    const row = await insertExport(database.db, scope, {
      userId: scope.userId,
      role: 'admin',
      kind: 'opportunities',
      format,
      filter: { timestamp_attribute: 'updated_at' },
    });
    global.gc?.();
    const before = process.memoryUsage();
    const peak = { rss: before.rss, heapUsed: before.heapUsed, external: before.external };
    const sample = () => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.external = Math.max(peak.external, now.external);
    };
    const sampler = setInterval(sample, 20);
    const begin = performance.now();
    await runExportJob(
      { db: database.db, storage, events: createEvents(), platforms },
      { exportId: row.id, platformId: scope.platformId, workspaceId: scope.workspaceId },
      { id: 'bench', retryCount: 0, isLastAttempt: true, signal: new AbortController().signal },
    );
    const ms = performance.now() - begin;
    clearInterval(sampler);
    sample();
    const file = await stat(
      join(folder, `exports/${scope.platformId}/${scope.workspaceId}/${row.id}.${format}`),
    );
    const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
    const verdict = peak.rss < BUDGET_MB * MB ? 'ok' : `OVER BUDGET (${BUDGET_MB} MB)`;
    console.log(
      `  ${format.padEnd(5)} ${seconds(ms).padStart(8)}  file ${mb(file.size).padStart(7)}  ` +
        `RSS ${mb(before.rss)} before, peak ${mb(peak.rss)} (+${mb(peak.rss - before.rss)}) ${verdict}; ` +
        `heap ${mb(before.heapUsed)} before, peak ${mb(peak.heapUsed)}; external peak ${mb(peak.external)}`,
    );
  } finally {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  }
}

await benchOnFreshDatabase('Exports benchmark', {
  seed: seedAll,
  async measure(url) {
    await printSize(url);
    const scope = await bigWorkspace(url);
    console.log(`Exporting the ${scope.cards} cards of '${BIG_WORKSPACE}' with the export job:`);
    for (const format of ['xlsx', 'csv'] as const) await measureExport(url, scope, format);
  },
});
