import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ExportFormat } from '@vendaval/core/schemas/exports';
import { neutralizeFormula } from '@vendaval/core/spreadsheet-cells';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

// Writes rows to a CSV, XLSX or PDF file as they come: neither the rows nor the file are ever held whole in memory.

export type Cell = string | number | null;

export interface Sheet {
  /** The sheet's name in the workbook. */
  title: string;
  /** A PDF's heading: the brand over what the file holds. */
  heading?: { title: string; subtitle: string };
  header: string[];
  /** A PDF's column widths, in proportion to each other; equal when left out. */
  widths?: number[];
  /** Pages of rows, read one at a time. */
  pages: AsyncIterable<Cell[][]>;
}

const safe = (cell: Cell): Cell => (typeof cell === 'string' ? neutralizeFormula(cell) : cell);

/** Writes the sheet to `path` and answers how many rows (without the header) it holds. */
export function writeSheet(format: ExportFormat, path: string, sheet: Sheet): Promise<number> {
  if (format === 'pdf') return writePdf(path, sheet);
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

const PDF_MARGIN = 36;
const PDF_FONT_SIZE = 8;
const PDF_HEADER_FILL = '#e9ecef';
const PDF_RULE = '#adb5bd';
const PDF_PADDING = 4;
/** Room kept under a row when deciding it fits: a row the table would move to the next page is moved by us first. */
const PDF_BREAK_SLACK = 2;
/** What the PDF's built-in Helvetica can draw (WinAnsi); anything else, emoji say, would print as noise. */
const NOT_IN_WIN_ANSI = /[^\n\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/gu;
const printable = (cell: Cell) => (cell === null ? '' : String(cell).replace(NOT_IN_WIN_ANSI, ''));

/**
 * An A4 landscape page with the heading, then one table row per row, wrapped within its column; each page opens
 * with the header row. A PDF is text, not a sheet: cells are written as they are, nothing runs as a formula.
 */
async function writePdf(path: string, sheet: Sheet): Promise<number> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PDF_MARGIN,
    info: { Title: sheet.heading ? `${sheet.heading.title} - ${sheet.heading.subtitle}` : sheet.title },
  });
  const file = createWriteStream(path);
  doc.pipe(file);
  if (sheet.heading) {
    doc.font('Helvetica-Bold').fontSize(16).text(printable(sheet.heading.title));
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#495057')
      .text(printable(sheet.heading.subtitle))
      .moveDown();
  }
  const widths = sheet.widths ?? sheet.header.map(() => 1);
  const whole = widths.reduce((a, b) => a + b, 0);
  const room = doc.page.width - 2 * PDF_MARGIN;
  const columns = widths.map((w) => (room * w) / whole);
  const headedTable = () => {
    const table = doc
      .fillColor('black')
      .fontSize(PDF_FONT_SIZE)
      .table({
        columnStyles: columns.map((width) => ({ width })),
        defaultStyle: { border: 0.5, borderColor: PDF_RULE, padding: PDF_PADDING },
      });
    return table.row(
      sheet.header.map((text) => ({
        text,
        type: 'TH',
        font: { src: 'Helvetica-Bold' },
        backgroundColor: PDF_HEADER_FILL,
      })),
    );
  };
  let table = headedTable();
  let rows = 0;
  for await (const page of sheet.pages) {
    for (const row of page) {
      const cells = row.map(printable);
      // The table would carry the row over on its own, without the header: end it and head the next page.
      if (doc.y + rowHeight(doc, cells, columns) + PDF_BREAK_SLACK >= doc.page.maxY()) {
        table.end();
        doc.addPage();
        table = headedTable();
      }
      table.row(cells);
    }
    rows += page.length;
  }
  table.end();
  doc.end();
  await finished(file);
  return rows;
}

/** A row's height as the table lays it out: its tallest cell wrapped within its column, plus the padding. */
function rowHeight(doc: PDFKit.PDFDocument, cells: string[], columns: number[]) {
  const text = cells.map((cell, i) =>
    doc.heightOfString(cell, { width: (columns[i] ?? 0) - 2 * PDF_PADDING }),
  );
  return Math.max(0, ...text) + 2 * PDF_PADDING;
}
