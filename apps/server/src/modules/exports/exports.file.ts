import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ExportFormat } from '@vendaval/core/schemas/exports';
import { neutralizeFormula } from '@vendaval/core/spreadsheet-cells';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

// Writes rows to a CSV or XLSX file as they come: neither the rows nor the file are ever held whole in memory.

export type Cell = string | number | null;

export interface Sheet {
  /** The sheet's name in the workbook. */
  title: string;
  header: string[];
  /** Pages of rows, read one at a time. */
  pages: AsyncIterable<Cell[][]>;
}

const safe = (cell: Cell): Cell => (typeof cell === 'string' ? neutralizeFormula(cell) : cell);

/** Writes the sheet to `path` and answers how many rows (without the header) it holds. */
export function writeSheet(format: ExportFormat, path: string, sheet: Sheet): Promise<number> {
  return format === 'csv' ? writeCsv(path, sheet) : writeXlsx(path, sheet);
}

async function writeCsv(path: string, sheet: Sheet): Promise<number> {
  const file = createWriteStream(path);
  // Semicolons and a BOM: what Excel in pt-BR opens as columns, with accents intact.
  const csv = stringify({ delimiter: ';', bom: true, record_delimiter: 'windows' });
  csv.pipe(file);
  let rows = 0;
  await writeLine(csv, sheet.header);
  for await (const page of sheet.pages) {
    for (const row of page) await writeLine(csv, row.map(safe));
    rows += page.length;
  }
  csv.end();
  await finished(file);
  return rows;
}

/** Waits for the file to drain when the writer's buffer is full, so a fast query never outruns the disk. */
async function writeLine(csv: ReturnType<typeof stringify>, row: Cell[]) {
  if (!csv.write(row)) await once(csv, 'drain');
}

async function writeXlsx(path: string, sheet: Sheet): Promise<number> {
  const stream = createWriteStream(path);
  // No shared strings and no styles: each row goes to the zip as it is committed.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: false,
  });
  const worksheet = workbook.addWorksheet(sheet.title);
  worksheet.addRow(sheet.header).commit();
  let rows = 0;
  for await (const page of sheet.pages) {
    for (const row of page) worksheet.addRow(row.map(safe)).commit();
    rows += page.length;
    await zipCaughtUp(worksheet);
  }
  worksheet.commit();
  await workbook.commit();
  await finished(stream);
  return rows;
}

/**
 * ExcelJS hands a sheet's bytes to the zip without heeding its answer (its buffer never reports full), so rows
 * written faster than they are compressed would pile up in memory: wait until the zip's input has drained. That
 * input is a `readable-stream` PassThrough, which keeps its state only in `_writableState`.
 */
async function zipCaughtUp(worksheet: ExcelJS.Worksheet) {
  type ZipInput = Writable & { _writableState?: { needDrain?: boolean } };
  const input = (worksheet as unknown as { stream: { pipes?: ZipInput[] } }).stream.pipes?.[0];
  if (input?._writableState?.needDrain) await once(input, 'drain');
}
