import type { Export } from '@vendaval/core/schemas/exports';
import ExcelJS from 'exceljs';
import type { TestApp } from '../test-app.ts';

// Test helpers of the exports: start one, wait for its job, read the file back.

export function exportCall(t: TestApp, token: string, workspaceId: number, path: string, host?: string) {
  return t.call({ method: 'GET', url: `/api/v1/workspaces/${workspaceId}/exports/${path}`, token, host });
}

/** Starts an export and polls it until its job has finished (done or failed). */
export async function exported(
  t: TestApp,
  token: string,
  workspaceId: number,
  path: string,
  timeoutMs = 120_000,
  host?: string,
): Promise<Export> {
  const started = await exportCall(t, token, workspaceId, path, host);
  if (started.statusCode !== 200) throw new Error(`start ${started.statusCode}: ${started.body}`);
  const { id } = started.json() as Export;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await exportCall(t, token, workspaceId, id, host);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${res.body}`);
    const body = res.json() as Export;
    if (body.status === 'done' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`export ${id} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The rows of the first sheet of an .xlsx, as cell values (the header included). */
export async function xlsxRows(file: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}
