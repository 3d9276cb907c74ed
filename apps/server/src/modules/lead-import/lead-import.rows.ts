import { BRAZILIAN_STATES, OPPORTUNITY_DESCRIPTION_MAX, PRICE_MAX } from '@vendaval/core/constants';
import { parseBRL } from '@vendaval/core/format';
import { MESSAGES } from '@vendaval/core/messages';
import { callingCodeOf, splitPhone } from '@vendaval/core/phone';
import { phoneNumberSchema } from '@vendaval/core/schemas/contacts';
import {
  headerKey,
  LEAD_IMPORT_COLUMNS,
  LEAD_IMPORT_MAX_ROWS,
  type LeadImportField,
} from '@vendaval/core/schemas/lead-import';
import { isValidCpf } from '@vendaval/core/validators';
import { z } from 'zod';
import { badRequest } from '../../infra/errors.ts';
import type { LeadRowData } from '../../schema/lead-import.tables.ts';
import type { Cell, Sheet } from './lead-import.sheet.ts';

// The rows of a spreadsheet as leads: columns found by their headers, values checked and normalised, rows with
// the same phone merged into the first. Pure: the catalogue names it matches come in as `Lookups`.

export interface ParsedRow {
  rowNumber: number;
  lead: LeadRowData | null;
  error: string | null;
  notes: string[];
  duplicateOf: number | null;
}

export interface ParsedSheet {
  rows: ParsedRow[];
  ignoredColumns: string[];
}

export type LookupKind = 'products' | 'campaigns' | 'medias';
/** Item ids of the workspace by `headerKey` of their names. */
export type Lookups = Record<LookupKind, Map<string, number>>;

type Columns = Partial<Record<LeadImportField, number>>;

const FIELD_BY_HEADER = new Map(
  LEAD_IMPORT_COLUMNS.flatMap((c) => c.headers.map((h) => [headerKey(h), c.field] as const)),
);
/** A title or notes may sit above the header: it is looked for in the first lines. */
const HEADER_SEARCH_LINES = 10;

export function mapColumns(header: Cell[]): { columns: Columns; ignored: string[] } {
  const columns: Columns = {};
  const ignored: string[] = [];
  header.forEach((cell, index) => {
    const title = cellText(cell);
    if (!title) return;
    const field = FIELD_BY_HEADER.get(headerKey(title));
    if (field && columns[field] === undefined) columns[field] = index;
    else ignored.push(title);
  });
  return { columns, ignored };
}

/** The columns the sheet asks for, to load only the lookups it needs. */
export function findHeader(sheet: Sheet) {
  for (let index = 0; index < Math.min(sheet.length, HEADER_SEARCH_LINES); index++) {
    const mapped = mapColumns(sheet[index] ?? []);
    if (mapped.columns.name !== undefined && mapped.columns.phone !== undefined) return { index, ...mapped };
  }
  throw badRequest(MESSAGES.leadImportColumnsMissing, 'file');
}

export function readLeads(
  sheet: Sheet,
  header: ReturnType<typeof findHeader>,
  lookups: Lookups,
): ParsedSheet {
  const rows: ParsedRow[] = [];
  for (let index = header.index + 1; index < sheet.length; index++) {
    const cells = sheet[index] ?? [];
    if (cells.every((cell) => cellText(cell) === '')) continue;
    if (rows.length === LEAD_IMPORT_MAX_ROWS) {
      throw badRequest(MESSAGES.leadImportTooManyRows(LEAD_IMPORT_MAX_ROWS.toLocaleString('pt-BR')), 'file');
    }
    rows.push(readRow(cells, index + 1, header.columns, lookups));
  }
  if (rows.length === 0) throw badRequest(MESSAGES.leadImportEmpty, 'file');
  mergeDuplicates(rows);
  return { rows, ignoredColumns: header.ignored };
}

function readRow(cells: Cell[], rowNumber: number, columns: Columns, lookups: Lookups): ParsedRow {
  const value = (field: LeadImportField) => {
    const index = columns[field];
    return index === undefined ? null : (cells[index] ?? null);
  };
  const text = (field: LeadImportField, max = 200) => cellText(value(field)).slice(0, max) || null;
  // A number cell has lost its leading zeros: CPF and CEP get them back.
  const code = (field: LeadImportField, width: number) => {
    const cell = value(field);
    return typeof cell === 'number' ? cellText(cell).padStart(width, '0') : text(field);
  };
  const name = cellText(value('name')).replace(/\s+/g, ' ').slice(0, 200);
  const phone = phoneNumberSchema.safeParse(cellText(value('phone')));
  const problems = [
    name ? null : MESSAGES.contactNameRequired,
    phone.success ? null : phone.error.issues[0]?.message,
  ];
  const error = problems.filter((p): p is string => !!p).join(' ');
  if (error || !phone.success) return { rowNumber, lead: null, error, notes: [], duplicateOf: null };

  const notes: string[] = [];
  const checked = <T>(field: string, raw: string | null, read: (raw: string) => T | null): T | null => {
    if (!raw) return null;
    const result = read(raw);
    if (result === null) notes.push(MESSAGES.leadImportInvalidValue(field, raw));
    return result;
  };
  const lookup = (kind: LookupKind, field: LeadImportField, unknown: (name: string) => string) => {
    const raw = text(field);
    if (!raw) return null;
    const id = lookups[kind].get(headerKey(raw));
    if (id === undefined) notes.push(unknown(raw));
    return id ?? null;
  };
  const lead: LeadRowData = {
    name,
    cardName: text('card_name') ?? name,
    phone: phone.data,
    countryCode: countryCodeOf(phone.data),
    email: checked('E-mail', text('email'), readEmail),
    document: checked('CPF', code('document', 11), readCpf),
    idNumber: text('id_number', 30),
    cityName: text('city_name', 120),
    stateCode: checked('Estado', text('state_code'), readState),
    postalCode: checked('CEP', code('postal_code', 8), readPostalCode),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    neighborhood: text('neighborhood', 120),
    productId: lookup('products', 'product', MESSAGES.leadImportUnknownProduct),
    campaignId: lookup('campaigns', 'campaign', MESSAGES.leadImportUnknownCampaign),
    mediaId: lookup('medias', 'media', MESSAGES.leadImportUnknownMedia),
    price: readPrice(value('price'), notes),
    description: text('description', OPPORTUNITY_DESCRIPTION_MAX),
  };
  return { rowNumber, lead, error: null, notes, duplicateOf: null };
}

/** A later row with the phone of an earlier one joins it: it fills what the first left blank, and makes no card. */
function mergeDuplicates(rows: ParsedRow[]) {
  const first = new Map<string, ParsedRow>();
  for (const row of rows) {
    if (!row.lead) continue;
    const earlier = first.get(row.lead.phone);
    if (!earlier?.lead) {
      first.set(row.lead.phone, row);
      continue;
    }
    row.duplicateOf = earlier.rowNumber;
    for (const [key, value] of Object.entries(row.lead) as [keyof LeadRowData, unknown][]) {
      if (earlier.lead[key] === null && value !== null) Object.assign(earlier.lead, { [key]: value });
    }
  }
}

export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined || typeof cell === 'boolean') return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return cell.trim();
}

function countryCodeOf(phone: string): string {
  const { country } = splitPhone(phone, phone.startsWith('55') && phone.length <= 13 ? '55' : null);
  return callingCodeOf(country);
}

const emailFormat = z.email();
const readEmail = (raw: string) => {
  const email = raw.toLowerCase();
  return emailFormat.safeParse(email).success ? email : null;
};

const readCpf = (raw: string) => (isValidCpf(raw) ? raw.replace(/\D/g, '') : null);

const readPostalCode = (raw: string) => {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : null;
};

const STATE_BY_KEY = new Map(
  BRAZILIAN_STATES.flatMap((s) => [
    [headerKey(s.code), s.code],
    [headerKey(s.name), s.code],
  ]),
);
const readState = (raw: string) => STATE_BY_KEY.get(headerKey(raw)) ?? null;

/** A number cell as it is; text in Brazilian ('1.234,56', 'R$ 10,00') or plain ('1234.5') form. */
function readPrice(cell: Cell, notes: string[]): number | null {
  const raw = cellText(cell);
  if (!raw) return null;
  const price = typeof cell === 'number' ? Math.round(cell * 100) / 100 : parseBRL(raw);
  if (price === null || price < 0 || price > PRICE_MAX) {
    notes.push(MESSAGES.leadImportInvalidValue('Valor', raw));
    return null;
  }
  return price;
}
