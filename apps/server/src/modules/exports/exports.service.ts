import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APP_TIME_ZONE,
  PDCA_INDICATOR_LABELS,
  PDCA_STATE_LABELS,
  SOURCE_TYPE_LABELS,
  STAGE_TYPE_LABELS,
} from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canExport } from '@vendaval/core/permissions';
import type { Role } from '@vendaval/core/roles';
import {
  EXPORT_TTL_HOURS,
  type Export,
  type ExportFormat,
  type ExportKind,
  type OpportunityExportQuery,
  type PdcaExportQuery,
} from '@vendaval/core/schemas/exports';
import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { forbidden, gone, HttpError, notFound } from '../../infra/errors.ts';
import type { Events } from '../../infra/events.ts';
import type { JobContext, Jobs } from '../../infra/jobs.ts';
import type { OpenedFile, Storage } from '../../infra/storage.ts';
import { type ContactRow, contactsAfter } from '../contacts/contacts.service.ts';
import { type ExportCard, exportCardsPage } from '../opportunities/opportunities.service.ts';
import { pdcaOf } from '../planning/planning.service.ts';
import type { PlatformDirectory } from '../platform/platform.service.ts';
import { type Cell, type Sheet, writeSheet } from './exports.file.ts';
import './exports.events.ts';
import * as q from './exports.queries.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
export interface ExportDeps {
  db: Db;
  jobs: Jobs;
  storage: Storage;
  events: Events;
  /** The brand a PDF is titled with. */
  platforms: PlatformDirectory;
}

export const EXPORT_QUEUE = 'export';
export const EXPORT_CLEANUP_QUEUE = 'export-cleanup';
/** Every hour, at minute 17. */
const CLEANUP_CRON = '17 * * * *';
/** An expired export still answers 410 (not 404) this long after its file is gone. */
const FORGET_AFTER_MS = 7 * 24 * 3600 * 1000;
const CLEANUP_BATCH = 500;
/** Rows read per query: large enough to be quick, small enough to keep memory flat at any size. */
export const EXPORT_PAGE_SIZE = 2000;

export interface ExportJob {
  exportId: string;
  platformId: number;
  workspaceId: number;
}

export function assertCanExport(ctx: WorkspaceContext) {
  if (!canExport(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

function toExport(row: q.ExportRow): Export {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    status: row.status,
    row_count: row.rowCount,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** Records the export and queues its job in one transaction: an export without its job never exists. */
export async function startExport(
  deps: ExportDeps,
  ctx: WorkspaceContext,
  kind: ExportKind,
  format: ExportFormat,
  filter: q.ExportFilter | null = null,
): Promise<Export> {
  assertCanExport(ctx);
  const row = await deps.db.transaction(async (tx) => {
    const created = await q.insertExport(tx, ctx, {
      userId: ctx.userId,
      role: ctx.role,
      kind,
      format,
      filter,
    });
    const job: ExportJob = { exportId: created.id, platformId: ctx.platformId, workspaceId: ctx.workspaceId };
    await deps.jobs.send(EXPORT_QUEUE, job, { tx, key: created.id });
    return created;
  });
  return toExport(row);
}

export const startOpportunityExport = (
  deps: ExportDeps,
  ctx: WorkspaceContext,
  query: OpportunityExportQuery,
) => {
  const { format, ...filter } = query;
  return startExport(deps, ctx, 'opportunities', format, filter);
};

/** The PDCA of a plan of this workspace: a foreign plan answers 404 before anything is queued. */
export async function startPdcaExport(deps: ExportDeps, ctx: WorkspaceContext, query: PdcaExportQuery) {
  assertCanExport(ctx);
  await pdcaOf(deps.db, ctx, query.planning_id);
  return startExport(deps, ctx, 'pdca', query.format, { planning_id: query.planning_id });
}

/** The user's own export: anyone else's, like another tenant's, is 404. */
async function ownExport(db: Db, ctx: WorkspaceContext, id: string) {
  assertCanExport(ctx);
  const row = await q.findOwnExport(db, ctx, ctx.userId, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

export async function getExport(db: Db, ctx: WorkspaceContext, id: string): Promise<Export> {
  return toExport(await ownExport(db, ctx, id));
}

export interface Download {
  file: OpenedFile;
  filename: string;
  contentType: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
const FILE_NAMES: Record<ExportKind, string> = {
  contacts: 'contatos',
  opportunities: 'oportunidades',
  pdca: 'pdca',
};

/** The file of a finished export of the user's, until it expires (410 after). */
export async function downloadExport(deps: Omit<ExportDeps, 'jobs'>, ctx: WorkspaceContext, id: string) {
  const row = await ownExport(deps.db, ctx, id);
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw gone(MESSAGES.exportExpired);
  if (row.status === 'failed') throw new HttpError(409, MESSAGES.exportFailed);
  const file = row.fileKey ? await deps.storage.open(row.fileKey) : null;
  if (row.status !== 'done' || !file) throw new HttpError(409, MESSAGES.exportNotReady);
  return {
    file,
    filename: fileNameOf(row),
    contentType: CONTENT_TYPES[row.format],
  } satisfies Download;
}

/** The name the file downloads as: what it holds and the day it was asked for. */
function fileNameOf(row: q.ExportRow) {
  const day = row.createdAt.toLocaleDateString('sv-SE', { timeZone: APP_TIME_ZONE });
  return `${FILE_NAMES[row.kind]}-${day}.${row.format}`;
}

// ---- the job -----------------------------------------------------------------------------------------

const fileKeyOf = (row: q.ExportRow) =>
  `exports/${row.platformId}/${row.workspaceId}/${row.id}.${row.format}`;

/**
 * Writes the export's file under a key of its own and marks it done. Idempotent: a retried or reclaimed job writes
 * the same key again (one file, never two), and a finished export is left as it is.
 */
export async function runExportJob(deps: Omit<ExportDeps, 'jobs'>, job: ExportJob, context: JobContext) {
  const scope: Scope = { platformId: job.platformId, workspaceId: job.workspaceId };
  const row = await q.findExport(deps.db, scope, job.exportId);
  if (!row || row.status === 'done') return;
  await q.updateExport(deps.db, scope, row.id, { status: 'running' });
  const folder = await mkdtemp(join(tmpdir(), 'export-'));
  try {
    const path = join(folder, `file.${row.format}`);
    const rowCount = await writeSheet(row.format, path, await sheetOf(deps, row, context.signal));
    const fileKey = fileKeyOf(row);
    await deps.storage.putFile(fileKey, path);
    const finishedAt = new Date();
    const expiresAt = new Date(finishedAt.getTime() + EXPORT_TTL_HOURS * 3600 * 1000);
    await finish(deps, row, { status: 'done', rowCount, fileKey, finishedAt, expiresAt });
  } catch (error) {
    if (context.isLastAttempt) await finish(deps, row, { status: 'failed' });
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Records the export's end and tells its owner's features of it, in one transaction. */
async function finish(
  deps: Pick<ExportDeps, 'db' | 'events'>,
  row: q.ExportRow,
  patch: Partial<q.ExportInsert> & { status: 'done' | 'failed' },
) {
  const scope: Scope = { platformId: row.platformId, workspaceId: row.workspaceId };
  await deps.db.transaction(async (tx) => {
    await q.updateExport(tx, scope, row.id, patch);
    await deps.events.emit(tx, 'export.finished', {
      scope,
      exportId: row.id,
      userId: row.userId,
      kind: row.kind,
      status: patch.status,
      filename: fileNameOf(row),
    });
  });
}

async function sheetOf(
  { db, platforms }: Pick<ExportDeps, 'db' | 'platforms'>,
  row: q.ExportRow,
  signal: AbortSignal,
): Promise<Sheet> {
  if (row.kind === 'contacts') {
    return {
      title: 'Contatos',
      header: CONTACT_HEADER,
      pages: keysetPages((after) => contactsAfter(db, row, after, EXPORT_PAGE_SIZE), contactCells, signal),
    };
  }
  if (row.kind === 'pdca') {
    const { planning_id } = row.filter as q.PdcaFilter;
    if (row.format === 'pdf') return pdcaDocument(db, row, planning_id, platforms.get(row.platformId).name);
    return { title: 'PDCA', header: PDCA_HEADER, pages: pdcaPages(db, row, planning_id) };
  }
  // The owner's role when they asked decides what they may see, like on the board.
  const ctx: WorkspaceContext = { ...row, role: row.role as Role };
  const filter = (row.filter ?? {}) as OpportunityFilter;
  return {
    title: 'Oportunidades',
    header: CARD_HEADER,
    pages: keysetPages(
      (after) => exportCardsPage(db, ctx, filter, after, EXPORT_PAGE_SIZE),
      cardCells,
      signal,
    ),
  };
}

/** Reads pages by id until one comes back short, stopping at the next page when the job is aborted. */
async function* keysetPages<T extends { id: number }>(
  read: (afterId: number) => Promise<T[]>,
  cells: (row: T) => Cell[],
  signal: AbortSignal,
): AsyncGenerator<Cell[][]> {
  let after = 0;
  for (;;) {
    signal.throwIfAborted();
    const page = await read(after);
    if (page.length > 0) yield page.map(cells);
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    after = last.id;
  }
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: APP_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});
const when = (date: Date | null) => (date ? dateTime.format(date) : null);

const CONTACT_HEADER = [
  'ID',
  'Nome',
  'Telefone',
  'E-mail',
  'Data de nascimento',
  'CPF',
  'RG',
  'CEP',
  'Endereço',
  'Complemento',
  'Bairro',
  'Cidade',
  'UF',
  'Instagram',
  'Facebook',
  'LinkedIn',
  'Bloqueado',
  'Criado em',
];

function contactCells(c: ContactRow): Cell[] {
  return [
    c.id,
    c.name,
    c.phoneNumber,
    c.email,
    c.birthdate,
    c.document,
    c.idNumber,
    c.postalCode,
    c.addressLine1,
    c.addressLine2,
    c.neighborhood,
    c.cityName,
    c.stateCode,
    c.instagram,
    c.facebook,
    c.linkedin,
    c.isBlacklisted ? 'Sim' : 'Não',
    when(c.createdAt),
  ];
}

const CARD_HEADER = [
  'ID',
  'Nome',
  'Etapa',
  'Situação',
  'Responsável',
  'Contato',
  'Telefone',
  'E-mail',
  'Produto',
  'Valor',
  'Probabilidade (%)',
  'Campanha',
  'Mídia',
  'Origem',
  'Criado em',
  'Atualizado em',
  'Encerrado em',
];

const STATE_LABELS = { Open: 'Aberto', Won: STAGE_TYPE_LABELS.Won, Lost: STAGE_TYPE_LABELS.Lost } as const;

function cardCells(c: ExportCard): Cell[] {
  return [
    c.id,
    c.name,
    c.stageName,
    STATE_LABELS[c.stateType],
    c.userName,
    c.contactName,
    c.contactPhone,
    c.contactEmail,
    c.productName,
    c.price,
    c.probability,
    c.campaignName,
    c.mediaName,
    SOURCE_TYPE_LABELS[c.sourceType] ?? c.sourceType,
    when(c.createdAt),
    when(c.updatedAt),
    when(c.closedAt),
  ];
}

const PDCA_HEADER = [
  'O quê',
  'Por quê',
  'Onde',
  'Quando',
  'Como',
  'Quanto',
  'Etapa PDCA',
  'Indicador',
  'Meta',
  'Realizado',
  'Verificação',
  'Ação corretiva',
];

const CHECK_LABELS = { met: 'Meta atingida', failed: 'Meta não atingida' } as const;

/** The plan's actions are few (a year's action plan): one page holds them all. */
async function* pdcaPages(db: Db, scope: Scope, planningId: number): AsyncGenerator<Cell[][]> {
  const pdca = await pdcaOf(db, scope, planningId);
  yield pdca.data.map((a) => [
    a.what,
    a.why,
    a.where,
    a.when.split('-').reverse().join('/'),
    a.how,
    a.how_much,
    PDCA_STATE_LABELS[a.pdca_state],
    a.indicator ? PDCA_INDICATOR_LABELS[a.indicator] : null,
    a.target,
    a.actual,
    a.check ? CHECK_LABELS[a.check] : null,
    a.corrective_action,
  ]);
}

const today = new Intl.DateTimeFormat('pt-BR', { timeZone: APP_TIME_ZONE, dateStyle: 'short' });

/** The PDCA to print: the actions with their indicator against the target, under the brand's name. */
async function pdcaDocument(db: Db, scope: Scope, planningId: number, brand: string): Promise<Sheet> {
  const pdca = await pdcaOf(db, scope, planningId);
  return {
    title: 'PDCA',
    heading: { title: brand, subtitle: `PDCA ${pdca.year} — gerado em ${today.format(new Date())}` },
    header: [
      'Ação',
      'Quando',
      'Indicador',
      'Meta',
      'Realizado',
      'Etapa PDCA',
      'Verificação',
      'Ação corretiva',
    ],
    widths: [5, 1.6, 2.2, 1.2, 1.4, 1.6, 2.2, 5],
    pages: (async function* () {
      yield pdca.data.map((a) => [
        a.what,
        a.when.split('-').reverse().join('/'),
        a.indicator ? PDCA_INDICATOR_LABELS[a.indicator] : null,
        a.target,
        a.actual,
        PDCA_STATE_LABELS[a.pdca_state],
        a.check ? CHECK_LABELS[a.check] : null,
        a.corrective_action,
      ]);
    })(),
  };
}

// ---- expiry ------------------------------------------------------------------------------------------

/** Deletes the files of expired exports, then forgets exports expired for a week. */
export async function cleanUpExports(deps: Pick<ExportDeps, 'db' | 'storage'>, now = new Date()) {
  for (;;) {
    const expired = await q.listExpiredFiles(deps.db, now, CLEANUP_BATCH);
    for (const { fileKey } of expired) await deps.storage.remove(fileKey);
    await q.forgetFiles(
      deps.db,
      expired.map((row) => row.id),
    );
    if (expired.length < CLEANUP_BATCH) break;
  }
  await q.deleteExpiredBefore(deps.db, new Date(now.getTime() - FORGET_AFTER_MS));
}

export function registerExportJobs(deps: ExportDeps) {
  // One long export must not be cut short: an hour per attempt, its claim kept alive by the heartbeat.
  deps.jobs.work<ExportJob>(EXPORT_QUEUE, (job, context) => runExportJob(deps, job, context), {
    expireInSeconds: 3600,
    retryLimit: 3,
  });
  deps.jobs.work(EXPORT_CLEANUP_QUEUE, () => cleanUpExports(deps));
  deps.jobs.schedule(EXPORT_CLEANUP_QUEUE, CLEANUP_CRON);
}
