import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isClosedStageType } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canImportLeads } from '@vendaval/core/permissions';
import {
  DEFAULT_LEAD_IMPORT_SOURCE,
  headerKey,
  type LeadImport,
  type LeadImportCreated,
  type LeadImportFields,
  leadImportFieldsSchema,
} from '@vendaval/core/schemas/lead-import';
import type { Platform } from '@vendaval/core/schemas/platform';
import { neutralizeFormula } from '@vendaval/core/spreadsheet-cells';
import { stringify } from 'csv-stringify/sync';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../infra/errors.ts';
import type { Events, PublishingDeps } from '../../infra/events.ts';
import type { JobContext, Jobs, QueueSettings } from '../../infra/jobs.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import type { LeadRowData } from '../../schema/lead-import.tables.ts';
import { findLookupItem, type LookupList, lookupNames, salesStagesOf } from '../catalog/catalog.service.ts';
import { createContacts, findContactsByPhones } from '../contacts/contacts.service.ts';
import { importOpportunities } from '../opportunities/opportunities.service.ts';
import { findMembership } from '../users/users.service.ts';
import { takeNextAssignee } from '../workspaces/workspaces.settings.ts';
import { importReportName } from './lead-import.events.ts';
import * as q from './lead-import.queries.ts';
import { findHeader, type Lookups, readLeads } from './lead-import.rows.ts';
import { readSpreadsheet } from './lead-import.sheet.ts';

export const LEAD_IMPORT_QUEUE = 'lead-import';
export const LEAD_IMPORT_QUEUE_SETTINGS: Partial<QueueSettings> = { expireInSeconds: 30 * 60, retryLimit: 5 };
export interface LeadImportJob {
  importId: number;
  platformId: number;
  workspaceId: number;
}

/** Rows per transaction: short enough that the embedded database serves requests between batches. */
const BATCH_SIZE = 50;
/** Imported cards stack in file order, each this far below the one before. */
const ROW_ORDER_STEP = 0.001;

export function assertCanImport(ctx: WorkspaceContext) {
  if (!canImportLeads(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

export interface Upload {
  file: Buffer;
  fields: Record<string, string>;
}

/** Checks everything and stores the rows, then queues the job that imports them: nothing is written on a refusal. */
export async function startImport(
  deps: { db: Db; jobs: Jobs },
  ctx: WorkspaceContext,
  platform: Platform,
  upload: Upload,
): Promise<LeadImportCreated> {
  assertCanImport(ctx);
  const options = await resolveOptions(deps.db, ctx, parseFields(upload.fields));
  const sheet = await readSpreadsheet(upload.file);
  const header = findHeader(sheet);
  const parsed = readLeads(sheet, header, await loadLookups(deps.db, ctx, header.columns));
  const created = await deps.db.transaction(async (tx) => {
    const row = await q.insertImport(tx, ctx, {
      ...options,
      userId: ctx.userId,
      assignRole: platform.flags.main_collaborator,
      totalRows: parsed.rows.length,
      ignoredColumns: parsed.ignoredColumns,
      topDisplayOrder: Date.now() / 1000,
    });
    await q.insertPendingRows(tx, ctx, row.id, parsed.rows);
    const job: LeadImportJob = { importId: row.id, platformId: ctx.platformId, workspaceId: ctx.workspaceId };
    await deps.jobs.send(LEAD_IMPORT_QUEUE, job, { tx, key: String(row.id) });
    return row;
  });
  return { id: created.id, status: created.status, total_rows: created.totalRows };
}

function parseFields(fields: Record<string, string>): LeadImportFields {
  const parsed = leadImportFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: key, description: MESSAGES.unknownField(key) }))
      : [{ field: issue.path.join('.') || 'body', description: issue.message }],
  );
  throw new HttpError(
    400,
    errors.length === 1 && errors[0] ? errors[0].description : MESSAGES.invalidBody,
    errors,
  );
}

/** The ids the form names, each checked against the workspace: a foreign one is 404. */
async function resolveOptions(db: Db, ctx: WorkspaceContext, fields: LeadImportFields) {
  const stages = await salesStagesOf(db, ctx);
  const stage = fields.sales_stage_id
    ? stages.find((s) => s.id === fields.sales_stage_id)
    : (stages.find((s) => s.type === 'First') ?? stages.find((s) => !isClosedStageType(s.type)));
  if (fields.sales_stage_id && !stage) throw notFound(MESSAGES.notFound);
  if (!stage) throw badRequest(MESSAGES.openingStageMissing, 'sales_stage_id');
  if (isClosedStageType(stage.type)) throw badRequest(MESSAGES.openStageRequired, 'sales_stage_id');
  if (fields.user_id && !(await findMembership(db, ctx.platformId, ctx.workspaceId, fields.user_id))) {
    throw notFound(MESSAGES.notFound);
  }
  const item = async (list: LookupList, id: number | undefined) => {
    if (id && !(await findLookupItem(db, ctx, list, id))) throw notFound(MESSAGES.notFound);
    return id ?? null;
  };
  return {
    salesStageId: stage.id,
    assignUserId: fields.user_id ?? null,
    sourceType: fields.source_type ?? DEFAULT_LEAD_IMPORT_SOURCE,
    mediaId: await item('medias', fields.media_id),
    campaignId: await item('campaigns', fields.campaign_id),
    productId: await item('products', fields.product_id),
  };
}

/** Only the lists whose column the file has. */
async function loadLookups(
  db: Db,
  ctx: WorkspaceContext,
  columns: ReturnType<typeof findHeader>['columns'],
): Promise<Lookups> {
  const load = async (list: LookupList, present: boolean) =>
    new Map(present ? (await lookupNames(db, ctx, list)).map((i) => [headerKey(i.name), i.id] as const) : []);
  return {
    products: await load('products', columns.product !== undefined),
    campaigns: await load('campaigns', columns.campaign !== undefined),
    medias: await load('medias', columns.media !== undefined),
  };
}

export async function getImport(db: Db, ctx: WorkspaceContext, id: number): Promise<LeadImport> {
  assertCanImport(ctx);
  const row = await q.findImport(db, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return {
    id: row.id,
    status: row.status,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created: row.created,
    merged: row.merged,
    failed: row.failed,
    errors: row.errors,
    ignored_columns: row.ignoredColumns,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The import's result as a CSV file: its totals, then each refused row with its reason. */
export async function importReport(db: Db, ctx: WorkspaceContext, id: number) {
  const view = await getImport(db, ctx, id);
  const rows: (string | number)[][] = [
    ['Linhas', view.total_rows],
    ['Criados', view.created],
    ['Mesclados', view.merged],
    ['Com erro', view.failed],
    [],
    ['Linha', 'Erro'],
    ...view.errors.map((e) => [e.row, neutralizeFormula(e.message)]),
  ];
  const body = stringify(rows, { delimiter: ';', bom: true, record_delimiter: 'windows' });
  return { filename: importReportName(id), body };
}

// ---- the job ------------------------------------------------------------------------------------

/**
 * Imports the rows left, a batch per transaction. Idempotent: a batch's rows are deleted in the transaction that
 * imports them, so a retry or a second delivery starts where the last commit ended.
 */
export async function runImportJob({ db, events }: PublishingDeps, job: LeadImportJob, context: JobContext) {
  const scope = { platformId: job.platformId, workspaceId: job.workspaceId };
  try {
    while (await db.transaction((tx) => importBatch(tx, events, scope, job.importId))) {
      context.signal.throwIfAborted();
      // The embedded database answers without real I/O: without a pause, the batches would hold the event loop
      // and the server would answer no request until the whole file is in.
      await yieldToEventLoop();
    }
  } catch (err) {
    if (context.isLastAttempt)
      await db.transaction((tx) => finish(tx, events, scope, job.importId, 'failed'));
    throw err;
  }
}

/** One batch; false once there is nothing left to do. */
async function importBatch(tx: DbOrTx, events: Events, scope: Scope, importId: number): Promise<boolean> {
  const target = await q.findImport(tx, scope, importId, { lock: true });
  if (!target || target.status === 'done' || target.status === 'failed') return false;
  const rows = await q.nextPendingRows(tx, scope, target.id, BATCH_SIZE);
  if (rows.length === 0) {
    await finish(tx, events, scope, target.id, 'done');
    return false;
  }
  const progress = await importRows(tx, events, scope, target, rows);
  await q.deletePendingRows(
    tx,
    scope,
    target.id,
    rows.map((r) => r.id),
  );
  await q.addProgress(tx, scope, target.id, progress);
  return true;
}

/** Ends the import once, telling of it in the same transaction. */
async function finish(tx: DbOrTx, events: Events, scope: Scope, importId: number, status: 'done' | 'failed') {
  const target = await q.findImport(tx, scope, importId, { lock: true });
  if (!target || target.status === 'done' || target.status === 'failed') return;
  await q.finishImport(tx, scope, importId, status);
  await events.emit(tx, 'lead-import.finished', {
    scope,
    importId,
    userId: target.userId,
    status,
    created: target.created,
    failed: target.failed,
  });
}

async function importRows(
  tx: DbOrTx,
  events: Events,
  scope: Scope,
  target: q.LeadImportRow,
  rows: q.PendingRow[],
): Promise<q.Progress> {
  const leads = rows.filter((r) => r.lead && r.duplicateOf === null);
  const existing = await existingContacts(
    tx,
    scope,
    leads.map((r) => (r.lead as LeadRowData).phone),
  );
  const fresh = leads.filter((r) => !existing.has((r.lead as LeadRowData).phone));
  const made =
    fresh.length === 0
      ? []
      : await createContacts(
          tx,
          scope,
          fresh.map((r) => toContact(r.lead as LeadRowData)),
        );
  const contactIds = new Map(existing);
  for (const [i, row] of fresh.entries()) contactIds.set((row.lead as LeadRowData).phone, made[i]?.id ?? 0);
  await createCards(tx, events, scope, target, leads, contactIds);
  return {
    processed: rows.length,
    created: fresh.length,
    merged: rows.filter((r) => r.lead).length - fresh.length,
    failed: rows.filter((r) => !r.lead).length,
    errors: rows.flatMap((r) => [
      ...(r.error ? [{ row: r.rowNumber, message: r.error }] : []),
      ...r.notes.map((message) => ({ row: r.rowNumber, message })),
    ]),
  };
}

async function existingContacts(tx: DbOrTx, scope: Scope, phones: string[]) {
  const found = new Map<string, number>();
  for (const contact of await findContactsByPhones(tx, scope, phones)) {
    if (contact.phoneNumber && !found.has(contact.phoneNumber)) found.set(contact.phoneNumber, contact.id);
  }
  return found;
}

async function createCards(
  tx: DbOrTx,
  events: Events,
  scope: Scope,
  target: q.LeadImportRow,
  rows: q.PendingRow[],
  contactIds: Map<string, number>,
) {
  const cards = [];
  for (const row of rows) {
    const lead = row.lead as LeadRowData;
    cards.push({
      row: row.rowNumber,
      card: {
        name: lead.cardName,
        contactId: contactIds.get(lead.phone) ?? null,
        salesStageId: target.salesStageId,
        stateType: 'Open' as const,
        userId: target.assignUserId ?? (await takeNextAssignee(tx, scope, target.assignRole)),
        price: lead.price ?? 0,
        productId: lead.productId ?? target.productId,
        sourceType: target.sourceType,
        mediaId: lead.mediaId ?? target.mediaId,
        campaignId: lead.campaignId ?? target.campaignId,
        description: lead.description,
        displayOrder: target.topDisplayOrder - row.rowNumber * ROW_ORDER_STEP,
      },
    });
  }
  await importOpportunities(tx, scope, events, target.id, cards);
}

function toContact(lead: LeadRowData) {
  return {
    name: lead.name,
    phoneNumber: lead.phone,
    countryCode: lead.countryCode,
    email: lead.email,
    document: lead.document,
    idNumber: lead.idNumber,
    postalCode: lead.postalCode,
    addressLine1: lead.addressLine1,
    addressLine2: lead.addressLine2,
    stateCode: lead.stateCode,
    cityName: lead.cityName,
    neighborhood: lead.neighborhood,
  };
}

export function registerLeadImportJob(jobs: Jobs, deps: PublishingDeps) {
  jobs.work<LeadImportJob>(
    LEAD_IMPORT_QUEUE,
    (job, context) => runImportJob(deps, job, context),
    LEAD_IMPORT_QUEUE_SETTINGS,
  );
}
