import { z } from 'zod';
import { CREATABLE_SOURCE_TYPES, type SourceType } from '../constants.ts';
import { INT4_MAX } from './common.ts';

// The lead import (POST /workspaces/{id}/opportunities/upload, platform.md §7): a CSV or XLSX spreadsheet whose
// rows become contacts and cards, processed in the background with its progress readable by id.

export const LEAD_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const LEAD_IMPORT_MAX_ROWS = 10_000;
/** How often the import modal asks for progress. */
export const LEAD_IMPORT_POLL_MS = 1000;

export const LEAD_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type LeadImportStatus = (typeof LEAD_IMPORT_STATUSES)[number];

export const LEAD_IMPORT_STATUS_LABELS: Readonly<Record<LeadImportStatus, string>> = {
  queued: 'Na fila',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
};

export const DEFAULT_LEAD_IMPORT_SOURCE: SourceType = 'Importacao';
/** What an import may mark its cards with: the automatic 'Importacao' or any source a person may choose. */
export const LEAD_IMPORT_SOURCE_TYPES = [
  DEFAULT_LEAD_IMPORT_SOURCE,
  ...CREATABLE_SOURCE_TYPES,
] as readonly SourceType[] as [SourceType, ...SourceType[]];

export type LeadImportField =
  | 'name'
  | 'phone'
  | 'email'
  | 'document'
  | 'id_number'
  | 'city_name'
  | 'state_code'
  | 'postal_code'
  | 'address_line1'
  | 'address_line2'
  | 'neighborhood'
  | 'product'
  | 'price'
  | 'campaign'
  | 'media'
  | 'description'
  | 'card_name';

/**
 * The columns an import understands, each with the headers that name it (pt-BR and English). Headers match
 * whatever their case, accents, spaces and punctuation ('E-mail', 'email', 'NOME COMPLETO').
 */
export const LEAD_IMPORT_COLUMNS: readonly {
  field: LeadImportField;
  label: string;
  headers: readonly string[];
  required?: true;
}[] = [
  {
    field: 'name',
    label: 'Nome',
    headers: [
      'nome',
      'name',
      'nome completo',
      'full name',
      'nome do contato',
      'nome do lead',
      'contato',
      'cliente',
    ],
    required: true,
  },
  {
    field: 'phone',
    label: 'Telefone',
    headers: ['telefone', 'celular', 'whatsapp', 'phone', 'fone', 'tel', 'telefone celular', 'mobile'],
    required: true,
  },
  { field: 'email', label: 'E-mail', headers: ['email', 'e-mail', 'mail'] },
  { field: 'document', label: 'CPF', headers: ['cpf', 'documento', 'document'] },
  { field: 'id_number', label: 'RG', headers: ['rg', 'identidade'] },
  { field: 'city_name', label: 'Cidade', headers: ['cidade', 'city', 'município'] },
  { field: 'state_code', label: 'Estado (UF)', headers: ['estado', 'uf', 'state'] },
  { field: 'postal_code', label: 'CEP', headers: ['cep', 'postal code', 'zip', 'zip code'] },
  { field: 'address_line1', label: 'Endereço', headers: ['endereço', 'address', 'logradouro', 'rua'] },
  { field: 'address_line2', label: 'Complemento', headers: ['complemento'] },
  { field: 'neighborhood', label: 'Bairro', headers: ['bairro', 'neighborhood'] },
  { field: 'product', label: 'Produto', headers: ['produto', 'product'] },
  { field: 'price', label: 'Valor', headers: ['valor', 'preço', 'price', 'valor de venda'] },
  { field: 'campaign', label: 'Campanha', headers: ['campanha', 'campaign'] },
  { field: 'media', label: 'Mídia', headers: ['mídia', 'media'] },
  {
    field: 'description',
    label: 'Observação',
    headers: ['observação', 'observações', 'obs', 'notes', 'description', 'descrição', 'anotações'],
  },
  {
    field: 'card_name',
    label: 'Nome do card',
    headers: ['nome do card', 'oportunidade', 'nome da oportunidade', 'card', 'opportunity'],
  },
];

/** A header reduced to what matching compares: no case, accents, spaces or punctuation. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

// ---- the upload's form fields (multipart text fields) ----------------------------------------

/** An empty form field means "not chosen". */
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(blankAsMissing, z.coerce.number().int().positive().max(INT4_MAX).optional());

export const leadImportFieldsSchema = z.strictObject({
  /** An open stage of the workspace; the First stage when missing. */
  sales_stage_id: optionalId,
  /** Every card to this member; missing means round-robin over the main collaborator role. */
  user_id: optionalId,
  source_type: z.preprocess(blankAsMissing, z.enum(LEAD_IMPORT_SOURCE_TYPES).optional()),
  media_id: optionalId,
  campaign_id: optionalId,
  product_id: optionalId,
});
export type LeadImportFields = z.infer<typeof leadImportFieldsSchema>;

// ---- answers ----------------------------------------------------------------------------------

export const leadImportStatusSchema = z.enum(LEAD_IMPORT_STATUSES);

/** POST /opportunities/upload: the import is accepted and queued. */
export const leadImportCreatedSchema = z.object({
  id: z.number().int(),
  status: leadImportStatusSchema,
  total_rows: z.number().int(),
});
export type LeadImportCreated = z.infer<typeof leadImportCreatedSchema>;

/** A row not imported, or imported without one of its values; `row` is the spreadsheet's line number. */
export const leadImportErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type LeadImportError = z.infer<typeof leadImportErrorSchema>;

/**
 * GET /opportunities/upload/{id}. Each processed row counts once: `created` made a new contact and card,
 * `merged` reused a contact of the workspace with the same phone (a card is made for it once per file),
 * `failed` was not imported.
 */
export const leadImportSchema = z.object({
  id: z.number().int(),
  status: leadImportStatusSchema,
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  merged: z.number().int(),
  failed: z.number().int(),
  errors: z.array(leadImportErrorSchema),
  ignored_columns: z.array(z.string()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LeadImport = z.infer<typeof leadImportSchema>;

export const leadImportParamsSchema = z.object({
  importId: z.coerce.number().int().positive().max(INT4_MAX),
});
