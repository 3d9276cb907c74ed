import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@vendaval/core/messages';
import type { Export } from '@vendaval/core/schemas/exports';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCall, exported, xlsxRows } from '../../../test/factories/exports.ts';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from '../../../test/test-app.ts';
import { localDiskStorage } from '../../infra/storage.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { exportsTable } from '../../schema/exports.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { cleanUpExports, runExportJob } from './exports.service.ts';

let t: TestApp;
let admin: string;
let manager: string;
let salesRep: string;
let centro: number;
const root = mkdtempSync(join(tmpdir(), 'vendaval-exports-'));
const storage = localDiskStorage(root);

beforeAll(async () => {
  t = await buildTestApp({ storage });
  admin = await t.login('admin@demo.local');
  manager = await t.login('gerente@demo.local');
  salesRep = await t.login('atendente@demo.local');
  centro = (await workspaceIds(t, admin))['Escola Centro'] ?? 0;
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const db = () => t.database.db;
const download = (token: string, id: string) => exportCall(t, token, centro, `${id}/download`);
const filesUnder = async (folder: string) =>
  (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name);

async function someCard() {
  const [card] = await db()
    .select({ id: opportunities.id, stageId: opportunities.salesStageId, contactId: opportunities.contactId })
    .from(opportunities)
    .where(eq(opportunities.workspaceId, centro))
    .limit(1);
  if (!card?.contactId) throw new Error('no card with a contact');
  return { ...card, contactId: card.contactId };
}

describe('exports', () => {
  it('PLAT-271 PLAT-272 the contacts export as CSV: started, polled, downloaded with every contact', async () => {
    const done = await exported(t, admin, centro, 'contacts?format=csv');
    expect(done).toMatchObject({ kind: 'contacts', format: 'csv', status: 'done' });
    const [total] = await db().select({ n: count() }).from(contacts).where(eq(contacts.workspaceId, centro));
    expect(done.row_count).toBe(total?.n);
    expect(Date.parse(done.expires_at ?? '') - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const file = await download(admin, done.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^ID;Nome;Telefone;E-mail;/);
    expect(lines).toHaveLength((total?.n ?? 0) + 1);
  });

  it('PLAT-271 the board export as XLSX takes the board filters and neutralises formulas in every cell', async () => {
    const card = await someCard();
    await db()
      .update(opportunities)
      .set({ name: '  =HYPERLINK("http://x")' })
      .where(eq(opportunities.id, card.id));
    await db()
      .update(contacts)
      .set({ name: '@SUM(A1)', email: '\tcmd' })
      .where(eq(contacts.id, card.contactId));
    const [inStage] = await db()
      .select({ n: count() })
      .from(opportunities)
      .where(and(eq(opportunities.workspaceId, centro), eq(opportunities.salesStageId, card.stageId)));

    const done = await exported(
      t,
      manager,
      centro,
      `opportunities?format=xlsx&sales_stage_id=${card.stageId}`,
    );
    expect(done).toMatchObject({ kind: 'opportunities', status: 'done', row_count: inStage?.n });
    const file = await download(manager, done.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(/filename="oportunidades-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await xlsxRows(file.rawPayload);
    expect(rows).toHaveLength((inStage?.n ?? 0) + 1);
    expect(rows[0]?.slice(0, 3)).toEqual(['ID', 'Nome', 'Etapa']);
    const row = rows.find((r) => r[0] === card.id);
    expect(row?.[1]).toBe(`'  =HYPERLINK("http://x")`);
    expect(row?.[5]).toBe(`'@SUM(A1)`);
    expect(row?.[7]).toBe(`'\tcmd`);
  });

  it('PLAT-271 a bad filter or format is 400 and starts nothing', async () => {
    for (const path of ['contacts?format=pdf', 'opportunities?nada=1', 'opportunities?sales_stage_id=x']) {
      expect((await exportCall(t, admin, centro, path)).statusCode, path).toBe(400);
    }
  });

  it('PLAT-138 PLAT-139 a salesRep may not export: 403 and nothing started', async () => {
    const [before] = await db().select({ n: count() }).from(exportsTable);
    for (const path of ['contacts', 'opportunities']) {
      const res = await exportCall(t, salesRep, centro, path);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MESSAGES.forbidden);
    }
    const [after] = await db().select({ n: count() }).from(exportsTable);
    expect(after?.n).toBe(before?.n);
  });

  it("PLAT-272 only the owner sees and downloads an export: another member's is 404, another tenant's too", async () => {
    const done = await exported(t, admin, centro, 'contacts');
    for (const path of [done.id, `${done.id}/download`]) {
      expect((await exportCall(t, manager, centro, path)).statusCode).toBe(404);
      const rh = await t.login('admin@rh.local', RH_HOST);
      expect((await exportCall(t, rh, centro, path, RH_HOST)).statusCode).toBe(404);
    }
    const norte = (await workspaceIds(t, admin))['Escola Zona Norte'] ?? 0;
    expect((await exportCall(t, admin, norte, done.id)).statusCode).toBe(404);
  });

  it('PLAT-272 an expired file answers 410 with a message; the clean-up deletes the file, then the export', async () => {
    const done = await exported(t, admin, centro, 'contacts?format=xlsx');
    const past = new Date(Date.now() - 1000);
    await db().update(exportsTable).set({ expiresAt: past }).where(eq(exportsTable.id, done.id));
    const res = await download(admin, done.id);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(MESSAGES.exportExpired);

    expect(await filesUnder(root)).toContain(`${done.id}.xlsx`);
    await cleanUpExports({ db: db(), storage });
    expect(await filesUnder(root)).not.toContain(`${done.id}.xlsx`);
    expect((await download(admin, done.id)).statusCode).toBe(410);

    await cleanUpExports({ db: db(), storage }, new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect((await download(admin, done.id)).statusCode).toBe(404);
  });

  it('a rerun of a claimed export writes its one file again, never a second one', async () => {
    const done = await exported(t, admin, centro, 'contacts?format=csv');
    const [row] = await db().select().from(exportsTable).where(eq(exportsTable.id, done.id));
    if (!row) throw new Error('export not kept');
    const job = { exportId: row.id, platformId: row.platformId, workspaceId: row.workspaceId };
    const context = { id: 'x', retryCount: 1, isLastAttempt: false, signal: new AbortController().signal };
    // As if the worker had died after writing the file but before marking it done, and the retry ran twice.
    await db().update(exportsTable).set({ status: 'running' }).where(eq(exportsTable.id, row.id));
    await runExportJob(
      { db: db(), storage, events: t.app.deps.events, platforms: t.app.deps.platforms },
      job,
      context,
    );
    await runExportJob(
      { db: db(), storage, events: t.app.deps.events, platforms: t.app.deps.platforms },
      job,
      context,
    );
    const status = (await exportCall(t, admin, centro, row.id)).json() as Export;
    expect(status).toMatchObject({ status: 'done', row_count: done.row_count });
    expect((await filesUnder(root)).filter((name) => name.startsWith(row.id))).toEqual([`${row.id}.csv`]);
  });
});
