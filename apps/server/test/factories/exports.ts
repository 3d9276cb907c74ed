import type { Export } from '@vendaval/core/schemas/exports';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
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

/** The text of every page of a PDF, one string per page, and its page size in points. */
export async function pdfPages(file: Buffer): Promise<{ text: string[]; width: number; height: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(file));
  const [first, { text }] = [await pdf.getPage(1), await extractText(pdf)];
  const [, , width, height] = first.view as [number, number, number, number];
  return { text, width, height };
}
