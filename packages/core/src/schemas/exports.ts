import { z } from 'zod';
import { idSchema } from './common.ts';
import { opportunityFilterSchema } from './opportunities.ts';

// Exports (platform.md §7): a job writes the workspace's contacts or the board's filtered cards to a CSV or XLSX
// file, a plan's PDCA to XLSX or PDF; its owner polls the status by id and downloads the file until it expires.

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The formats of the lists of rows: contacts and cards. */
export const SHEET_FORMATS = ['csv', 'xlsx'] as const satisfies readonly ExportFormat[];

export const EXPORT_KINDS = ['contacts', 'opportunities', 'pdca'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How long a finished export can be downloaded. */
export const EXPORT_TTL_HOURS = 24;
/** How often the export button asks for progress. */
export const EXPORT_POLL_MS = 1000;

const format = z.enum(SHEET_FORMATS).default('xlsx');

export const contactExportQuerySchema = z.strictObject({ format });
export type ContactExportQuery = z.infer<typeof contactExportQuerySchema>;

/** The board's filters, as the card list takes them, plus the file format. */
export const opportunityExportQuerySchema = opportunityFilterSchema.extend({ format });
export type OpportunityExportQuery = z.infer<typeof opportunityExportQuerySchema>;

/** The PDCA of one plan's actions: a sheet, or a PDF to print. */
export const pdcaExportQuerySchema = z.strictObject({
  planning_id: idSchema,
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
});
export type PdcaExportQuery = z.infer<typeof pdcaExportQuerySchema>;

export const exportParamsSchema = z.object({ id: z.uuid() });

export const exportSchema = z.object({
  id: z.uuid(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  row_count: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type Export = z.infer<typeof exportSchema>;
