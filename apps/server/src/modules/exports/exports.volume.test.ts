import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportCall, exported, xlsxRows } from '../../../test/factories/exports.ts';
import { buildTestApp, type TestApp, workspaceIds } from '../../../test/test-app.ts';
import { salesStages } from '../../schema/catalog.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';

const CARDS = 100_000;

let t: TestApp;
let admin: string;
let centro: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@demo.local');
  centro = (await workspaceIds(t, admin))['Escola Centro'] ?? 0;
});
afterAll(() => t.close());

it('PLAT-271 PLAT-272 100,000 cards export as one XLSX with every row, a formula-like name kept as text', async () => {
  const db = t.database.db;
  const [stage] = await db.select().from(salesStages).where(eq(salesStages.workspaceId, centro)).limit(1);
  if (!stage) throw new Error('no stage');
  await db.execute(sql`
    insert into opportunities (platform_id, workspace_id, sales_stage_id, name, source_type)
    select ${stage.platformId}, ${centro}, ${stage.id},
           case when n = 50000 then '=HYPERLINK("http://x","abrir")' else 'Carga ' || n end, 'Offline'
    from generate_series(1, ${CARDS}) n`);
  const [total] = await db
    .select({ n: count() })
    .from(opportunities)
    .where(eq(opportunities.workspaceId, centro));

  const done = await exported(t, admin, centro, 'opportunities?format=xlsx', 240_000);
  expect(done).toMatchObject({ status: 'done', row_count: total?.n });
  const file = await exportCall(t, admin, centro, `${done.id}/download`);
  expect(file.statusCode).toBe(200);
  const rows = await xlsxRows(file.rawPayload);
  expect(rows).toHaveLength((total?.n ?? 0) + 1);
  expect(rows.filter((row) => row[1] === `'=HYPERLINK("http://x","abrir")`)).toHaveLength(1);
  expect(rows.some((row) => typeof row[1] === 'object')).toBe(false);
}, 600_000);
