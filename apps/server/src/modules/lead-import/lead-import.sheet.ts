import { MESSAGES } from '@vendaval/core/messages';
import { parse } from 'csv-parse/sync';
import { readSheet as readXlsx } from 'read-excel-file/node';
import { badRequest, HttpError } from '../../infra/errors.ts';

// A spreadsheet upload read into rows of cells. What the file is comes from its bytes, never its name.

export type Cell = string | number | boolean | Date | null;
export type Sheet = Cell[][];

/** Inflated parts of an .xlsx may not exceed this: a small zip can hide gigabytes. */
const XLSX_MAX_INFLATED_BYTES = 100 * 1024 * 1024;

const unsupported = (message: string = MESSAGES.leadImportUnsupportedFile) => new HttpError(415, message);

export async function readSpreadsheet(file: Buffer): Promise<Sheet> {
  if (startsWith(file, [0x50, 0x4b, 0x03, 0x04])) return readWorkbook(file);
  // .xls and password-protected workbooks are OLE compound files.
  if (startsWith(file, [0xd0, 0xcf, 0x11, 0xe0])) throw unsupported(MESSAGES.leadImportLegacyExcel);
  return readCsv(decodeText(file));
}

function startsWith(file: Buffer, magic: number[]) {
  return magic.every((byte, i) => file[i] === byte);
}

async function readWorkbook(file: Buffer): Promise<Sheet> {
  const entries = zipEntries(file);
  if (!entries) throw badRequest(MESSAGES.leadImportUnreadableXlsx, 'file');
  if (!entries.names.includes('xl/workbook.xml')) throw unsupported();
  if (entries.inflatedBytes > XLSX_MAX_INFLATED_BYTES)
    throw new HttpError(413, MESSAGES.leadImportFileTooLarge);
  try {
    return (await readXlsx(file)) as Sheet;
  } catch {
    throw badRequest(MESSAGES.leadImportUnreadableXlsx, 'file');
  }
}

/** Names and total inflated size from a zip's central directory; undefined when there is none to read. */
export function zipEntries(file: Buffer): { names: string[]; inflatedBytes: number } | undefined {
  const end = findEndOfDirectory(file);
  if (end === undefined) return undefined;
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const names: string[] = [];
  let inflatedBytes = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) return undefined;
    const inflated = file.readUInt32LE(at + 24);
    // 0xffffffff defers the size to a zip64 record: far beyond any spreadsheet we accept.
    inflatedBytes += inflated === 0xffffffff ? Number.POSITIVE_INFINITY : inflated;
    const nameLength = file.readUInt16LE(at + 28);
    names.push(file.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return { names, inflatedBytes };
}

function findEndOfDirectory(file: Buffer): number | undefined {
  const last = file.length - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (file.readUInt32LE(at) === 0x06054b50) return at;
  }
  return undefined;
}

/** UTF-8 (with or without BOM), UTF-16 with BOM, or else Windows-1252, as Excel saves CSV in Brazil. */
export function decodeText(file: Buffer): string {
  let text: string;
  if (startsWith(file, [0xff, 0xfe])) text = new TextDecoder('utf-16le').decode(file);
  else if (startsWith(file, [0xfe, 0xff])) text = new TextDecoder('utf-16be').decode(file);
  else {
    if (file.includes(0)) throw unsupported();
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file);
    } catch {
      text = new TextDecoder('windows-1252').decode(file);
    }
  }
  // Text has no control characters but tab and line breaks: anything else is a binary file.
  if (hasControlCharacters(text)) throw unsupported();
  return text.replace(/^\uFEFF/, '');
}

const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !TEXT_CONTROLS.has(code)) || code === 0x7f) return true;
  }
  return false;
}

export function readCsv(text: string): Sheet {
  try {
    return parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      // Blank lines stay as empty records so row numbers match the lines a person sees.
      skip_empty_lines: false,
      trim: true,
    });
  } catch {
    throw badRequest(MESSAGES.leadImportUnreadableCsv, 'file');
  }
}

const DELIMITERS = [';', ',', '\t'] as const;

/** The separator used most in the first non-blank line, outside quotes; ',' when none is. */
export function detectDelimiter(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const unquoted = line.replace(/"[^"]*"/g, '');
  const counts = DELIMITERS.map((d) => unquoted.split(d).length - 1);
  const best = Math.max(...counts);
  return best === 0 ? ',' : (DELIMITERS[counts.indexOf(best)] ?? ',');
}
