import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@vendaval/core/messages';
import { canManageBatchMessages, seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import type {
  BatchAudienceCount,
  BatchMessage,
  BatchMessageCreate,
  BatchMessageDetail,
  BatchPreview,
  BatchPreviewBody,
} from '@vendaval/core/schemas/batch-messages';
import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import {
  type BatchPlaceholderValues,
  fillPlaceholders,
  fillTemplate,
  templateTexts,
  unknownVariables,
} from '@vendaval/core/template-variables';
import type { ChannelRegistry } from '../../infra/channels/channel-adapter.ts';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import type { Events } from '../../infra/events.ts';
import type { JobContext, Jobs, QueueSettings } from '../../infra/jobs.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { channelBot } from '../bots/bots.service.ts';
import { getTemplate } from '../bots/meta-templates.service.ts';
import { checkBatchTemplate, dispatchBatchMessage, storeBatchMessage } from '../chat/chat.batch.ts';
import { recordHistory } from '../history/history.service.ts';
import {
  type BatchCard,
  batchCards,
  cardPlaceholderValues,
  reachableCardsByPhone,
} from '../opportunities/opportunities.service.ts';
import * as q from './batch-messages.queries.ts';

export const BATCH_MESSAGE_QUEUE = 'batch-message';
const QUEUE_SETTINGS: Partial<QueueSettings> = { expireInSeconds: 30 * 60, retryLimit: 5 };
/** Sends per small batch: a pause takes effect after at most this many. */
const STEP_SIZE = 20;
/** A batch reaches at most this many phones; a wider filter is refused. */
const MAX_RECIPIENTS = 10_000;

export interface BatchJob {
  batchId: number;
  platformId: number;
  workspaceId: number;
}

export interface BatchDeps {
  db: Db;
  jobs: Jobs;
  events: Events;
  channels?: ChannelRegistry;
  /** The pause between small batches, so a batch does not flood the channel nor hold the server. */
  stepPauseMs: number;
}

/** The batch's deps out of the app's. */
export function batchDeps(
  app: Omit<BatchDeps, 'stepPauseMs'> & { config: { batchStepPauseMs: number } },
): BatchDeps {
  const { db, jobs, events, channels, config } = app;
  return { db, jobs, events, channels, stepPauseMs: config.batchStepPauseMs };
}

function assertCanManage(ctx: WorkspaceContext) {
  if (!canManageBatchMessages(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toBatch(view: q.BatchView): BatchMessage {
  const { batch } = view;
  return {
    id: batch.id,
    title: batch.title,
    bot_id: batch.botId,
    bot_name: view.botName,
    template_name: batch.template.name,
    status: batch.status,
    total: batch.total,
    sent: batch.sent,
    failed: batch.failed,
    skipped: batch.skipped,
    user_id: batch.userId,
    created_at: batch.createdAt.toISOString(),
    finished_at: iso(batch.finishedAt),
  };
}

// ---- reading ----------------------------------------------------------------------------------------

/** Every member reads the list (a lookup list, PLAT-096); only managers change it. */
export async function listBatchMessages(
  db: Db,
  ctx: WorkspaceContext,
  page: { limit: number; offset: number },
) {
  const { rows, total } = await q.listBatches(db, ctx, page);
  return pageOf(rows.map(toBatch), total, page.limit, page.offset);
}

async function viewOf(db: DbOrTx, ctx: WorkspaceContext, id: number) {
  const view = await q.findBatchView(db, ctx, id);
  if (!view) throw notFound(MESSAGES.notFound);
  return view;
}

/** A batch with its recipients; a salesRep reads the recipients of their own cards only. */
export async function getBatchMessage(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
): Promise<BatchMessageDetail> {
  const view = await viewOf(db, ctx, id);
  const owner = seesOnlyOwnOpportunities(ctx.role) ? ctx.userId : undefined;
  const recipients = await q.listRecipients(db, ctx, id, owner);
  return {
    ...toBatch(view),
    recipients: recipients.map((r) => ({
      opportunity_id: r.opportunityId,
      phone_number: r.phoneNumber,
      status: r.status,
      error: r.error,
      dialog_id: r.dialogId,
      sent_at: iso(r.sentAt),
    })),
  };
}

/** How many phones a filter reaches, shown before the batch is confirmed. */
export async function countAudience(
  db: Db,
  ctx: WorkspaceContext,
  filter: OpportunityFilter,
): Promise<BatchAudienceCount> {
  assertCanManage(ctx);
  return { recipients: (await reachableCardsByPhone(db, ctx, filter, MAX_RECIPIENTS + 1)).length };
}

// ---- changing ---------------------------------------------------------------------------------------

/**
 * A Cloud API bot sends only approved templates; the template must exist on the bot either way. Every variable
 * written in it must name one the cards can fill: any other would reach every contact as raw braces.
 */
async function checkTemplate(db: Db, ctx: WorkspaceContext, body: BatchPreviewBody) {
  const [unknown] = unknownVariables([
    ...templateTexts(body.template),
    body.header,
    body.message,
    body.footer,
  ]);
  if (unknown) throw badRequest(MESSAGES.unknownTemplateVariable(unknown), 'template');
  const bot = await channelBot(db, ctx, body.bot_id);
  const known = await getTemplate(db, ctx, bot.id, body.template.name, body.template.language);
  if (bot.channel === 'whatsapp_cloud' && known.status !== 'APPROVED') {
    throw badRequest(MESSAGES.batchTemplateNotApproved, 'template.name');
  }
  await checkBatchTemplate(body.template);
}

/** The checked template and its audience: one recipient per phone, within the limit. */
async function checkedBatch(db: Db, ctx: WorkspaceContext, body: BatchPreviewBody) {
  assertCanManage(ctx);
  await checkTemplate(db, ctx, body);
  const audience = await reachableCardsByPhone(db, ctx, body.filter, MAX_RECIPIENTS + 1);
  if (audience.length === 0) throw badRequest(MESSAGES.batchNoRecipients, 'filter');
  if (audience.length > MAX_RECIPIENTS) throw badRequest(MESSAGES.batchTooManyRecipients, 'filter');
  return audience;
}

/** The batch's texts as they reach a card: its variables filled with the card's values. */
function textsFor(batch: Pick<q.BatchRow, 'header' | 'message' | 'footer'>, values: BatchPlaceholderValues) {
  const fill = (text: string | null) => (text === null ? null : fillPlaceholders(text, values));
  return { header: fill(batch.header), message: fill(batch.message), footer: fill(batch.footer) };
}

/** Before confirming: how many phones the batch reaches, and what the first of them would read. */
export async function previewBatchMessage(
  db: Db,
  ctx: WorkspaceContext,
  body: BatchPreviewBody,
): Promise<BatchPreview> {
  const audience = await checkedBatch(db, ctx, body);
  const first = audience[0];
  const card = first && (await batchCards(db, ctx, [first.opportunityId])).get(first.opportunityId);
  if (!card) return { recipients: audience.length, sample: null };
  const texts = textsFor(
    { header: body.header ?? null, message: body.message ?? null, footer: body.footer ?? null },
    cardPlaceholderValues(card),
  );
  return {
    recipients: audience.length,
    sample: { opportunity_id: card.id, contact_name: card.contactName, ...texts },
  };
}

/** Resolves the audience to one recipient per phone and queues the job, all in one transaction. */
export async function createBatchMessage(
  deps: Pick<BatchDeps, 'db' | 'jobs'>,
  ctx: WorkspaceContext,
  body: BatchMessageCreate,
): Promise<BatchMessage> {
  const audience = await checkedBatch(deps.db, ctx, body);
  const id = await deps.db.transaction(async (tx) => {
    const batch = await q.insertBatch(tx, ctx, {
      userId: ctx.userId,
      title: body.title,
      botId: body.bot_id,
      template: body.template,
      message: body.message ?? null,
      header: body.header ?? null,
      footer: body.footer ?? null,
      filter: body.filter,
      total: audience.length,
    });
    await q.insertRecipients(
      tx,
      ctx,
      batch.id,
      audience.map((a) => ({
        opportunityId: a.opportunityId,
        cardUserId: a.userId,
        phoneNumber: a.phoneNumber,
      })),
    );
    await deps.jobs.send(BATCH_MESSAGE_QUEUE, jobOf(ctx, batch.id), { tx, key: String(batch.id) });
    return batch.id;
  });
  return toBatch(await viewOf(deps.db, ctx, id));
}

const jobOf = (scope: Scope, batchId: number): BatchJob => ({
  batchId,
  platformId: scope.platformId,
  workspaceId: scope.workspaceId,
});

/** Stops the batch after the small batch being sent. */
export async function pauseBatchMessage(db: Db, ctx: WorkspaceContext, id: number) {
  assertCanManage(ctx);
  await db.transaction(async (tx) => {
    const batch = await lockedBatch(tx, ctx, id);
    if (batch.status !== 'scheduled' && batch.status !== 'running')
      throw badRequest(MESSAGES.batchNotPausable);
    await q.updateBatch(tx, ctx, id, { status: 'paused' });
  });
  return toBatch(await viewOf(db, ctx, id));
}

/** A paused batch goes on where it stopped. */
export async function resumeBatchMessage(
  deps: Pick<BatchDeps, 'db' | 'jobs'>,
  ctx: WorkspaceContext,
  id: number,
) {
  assertCanManage(ctx);
  await deps.db.transaction(async (tx) => {
    const batch = await lockedBatch(tx, ctx, id);
    if (batch.status !== 'paused') throw badRequest(MESSAGES.batchNotResumable);
    await q.updateBatch(tx, ctx, id, { status: 'running' });
    await deps.jobs.send(BATCH_MESSAGE_QUEUE, jobOf(ctx, id), { tx });
  });
  return toBatch(await viewOf(deps.db, ctx, id));
}

/** No further message goes out: the recipients still waiting are cancelled. */
export async function cancelBatchMessage(db: Db, ctx: WorkspaceContext, id: number) {
  assertCanManage(ctx);
  await db.transaction(async (tx) => {
    const batch = await lockedBatch(tx, ctx, id);
    if (q.isFinished(batch.status)) throw badRequest(MESSAGES.batchNotCancellable);
    await q.cancelPending(tx, ctx, id);
    await q.updateBatch(tx, ctx, id, { status: 'cancelled', finishedAt: new Date() });
    await q.recount(tx, ctx, id);
  });
  return toBatch(await viewOf(db, ctx, id));
}

async function lockedBatch(tx: DbOrTx, ctx: WorkspaceContext, id: number) {
  const batch = await q.findBatch(tx, ctx, id, { lock: true });
  if (!batch) throw notFound(MESSAGES.notFound);
  return batch;
}

// ---- the job ------------------------------------------------------------------------------------

/** A job hands the rest of a long batch to a fresh job after this long, well within its expiry. */
const SLICE_MS = 10 * 60 * 1000;

/** Who runs a step: the job that stores the next messages, and the jobs whose unfinished recipients it may take over. */
interface Runner {
  jobId: string;
  /** Jobs whose recipients left 'sending' may be finished by this one: this job's earlier attempts and dead jobs. */
  takeOver: string[];
}

/**
 * Sends the batch a small batch at a time, pausing between them, until it is done, paused or cancelled; a long one
 * goes on in a new job. Idempotent: a recipient moves pending → sending (its room message stored) → sent/failed only
 * from the status expected, and its message reaches the channel at most once, so a retry or a second job never
 * sends a recipient twice. Recipients a dead run left 'sending' are finished first (see `finishRecipient`).
 */
export async function runBatchJob(deps: BatchDeps, job: BatchJob, context: JobContext) {
  const until = Date.now() + SLICE_MS;
  while (await runStep(deps, job, context.id)) {
    context.signal.throwIfAborted();
    if (Date.now() > until) {
      await deps.jobs.send(BATCH_MESSAGE_QUEUE, job);
      return;
    }
    await sleep(deps.stepPauseMs);
  }
}

/** One small batch; false once there is nothing left for this job. */
async function runStep(deps: BatchDeps, job: BatchJob, jobId: string): Promise<boolean> {
  const scope = { platformId: job.platformId, workspaceId: job.workspaceId };
  const runner = { jobId, takeOver: await deadClaimers(deps, scope, job.batchId, jobId) };
  const claim = await deps.db.transaction((tx) => claimStep(tx, deps.events, scope, job.batchId, runner));
  if (!claim) return false;
  for (const recipient of claim.claimed) await finishRecipient(deps, scope, claim.batch, recipient);
  await deps.db.transaction((tx) => q.recount(tx, scope, job.batchId));
  return true;
}

/**
 * The jobs whose 'sending' recipients this one may finish: itself (pg-boss runs one attempt of a job at a time, so
 * an earlier attempt that left some is dead) and every other job no longer running (it crashed, and its worker
 * stopped beating). A job still running finishes its own.
 */
async function deadClaimers(deps: BatchDeps, scope: Scope, batchId: number, jobId: string) {
  const dead = [jobId];
  for (const claimer of await q.sendingClaimers(deps.db, scope, batchId)) {
    if (claimer !== jobId && !(await deps.jobs.isActive(BATCH_MESSAGE_QUEUE, claimer))) dead.push(claimer);
  }
  return dead;
}

/**
 * Under the batch's lock: the recipients a dead run left 'sending', else (while the batch runs) the next ones, each
 * with its room message stored. Null when nothing is left for this job; the batch completes when nothing is left.
 */
async function claimStep(tx: DbOrTx, events: Events, scope: Scope, batchId: number, runner: Runner) {
  const batch = await q.findBatch(tx, scope, batchId, { lock: true });
  if (!batch) return null;
  // Interrupted sends are finished even in a paused or cancelled batch: they were in flight when it stopped.
  const orphans = await q.orphanedRecipients(tx, scope, batchId, runner.takeOver, STEP_SIZE);
  if (orphans.length > 0) return { batch, claimed: orphans };
  if (batch.status !== 'scheduled' && batch.status !== 'running') return null;
  if (batch.status === 'scheduled') await q.updateBatch(tx, scope, batchId, { status: 'running' });
  const rows = await q.pendingRecipients(tx, scope, batchId, STEP_SIZE);
  if (rows.length === 0) {
    // What is left is being sent by another job still running: it completes the batch.
    if (await q.hasUnfinished(tx, scope, batchId)) return null;
    await q.updateBatch(tx, scope, batchId, { status: 'completed', finishedAt: new Date() });
    await q.recount(tx, scope, batchId);
    return null;
  }
  const bot = await channelBot(tx, scope, batch.botId);
  const cards = await batchCards(
    tx,
    scope,
    rows.map((r) => r.opportunityId),
  );
  const claimed: q.RecipientRow[] = [];
  for (const recipient of rows) {
    const card = cards.get(recipient.opportunityId);
    const stored = await storeRecipient(tx, events, scope, {
      batch,
      bot,
      recipient,
      card,
      jobId: runner.jobId,
    });
    if (stored) claimed.push(stored);
  }
  return { batch, claimed };
}

interface StoreInput {
  batch: q.BatchRow;
  bot: Awaited<ReturnType<typeof channelBot>>;
  recipient: q.RecipientRow;
  card: BatchCard | undefined;
  /** The job storing it. */
  jobId: string;
}

/** Skips a card that can no longer be reached; otherwise stores its message in its room and marks it sending. */
async function storeRecipient(tx: DbOrTx, events: Events, scope: Scope, input: StoreInput) {
  const { batch, bot, recipient, card, jobId } = input;
  const phone = card?.phoneNumber?.replace(/\D/g, '') ?? '';
  if (!card || card.isBlacklisted || phone !== recipient.phoneNumber.replace(/\D/g, '')) {
    const error = card?.isBlacklisted ? MESSAGES.batchContactBlacklisted : MESSAGES.batchPhoneMissing;
    await q.moveRecipient(tx, scope, recipient.id, 'pending', { status: 'skipped', error });
    return null;
  }
  const values = cardPlaceholderValues(card);
  const texts = textsFor(batch, values);
  const { dialog, message } = await storeBatchMessage(tx, events, scope, bot, {
    opportunityId: card.id,
    phone,
    userId: batch.userId,
    text: texts.message ?? batch.template.name,
    header: texts.header,
    footer: texts.footer,
  });
  const moved = await q.moveRecipient(tx, scope, recipient.id, 'pending', {
    status: 'sending',
    values,
    dialogId: dialog.id,
    messageId: message.id,
    claimedAt: new Date(),
    claimedBy: jobId,
  });
  return moved ?? null;
}

/**
 * Hands a recipient's stored message to the channel and records the outcome on the recipient: sent with the channel's
 * id, or failed with why. For a recipient a dead run left 'sending', the message's own state decides (`deliver`):
 * taken by the channel (its id stored) → sent; never handed over → sent now; cut off while the channel had it →
 * failed as interrupted, never sent twice.
 */
async function finishRecipient(deps: BatchDeps, scope: Scope, batch: q.BatchRow, recipient: q.RecipientRow) {
  const message =
    recipient.messageId === null || recipient.values === null
      ? undefined
      : await dispatchBatchMessage(
          deps,
          await channelBot(deps.db, scope, batch.botId),
          recipient.messageId,
          fillTemplate(batch.template, recipient.values),
        );
  await deps.db.transaction(async (tx) => {
    if (message?.remoteId && message.status !== 'failed' && message.status !== 'pending') {
      const sentAt = new Date();
      const patch = { status: 'sent' as const, remoteId: message.remoteId, sentAt };
      const moved = await q.moveRecipient(tx, scope, recipient.id, 'sending', patch);
      if (moved) await logSent(tx, scope, batch, recipient.opportunityId, sentAt);
      return;
    }
    const error = message?.errorMessage ?? MESSAGES.sendInterrupted;
    await q.moveRecipient(tx, scope, recipient.id, 'sending', { status: 'failed', error });
  });
}

/** The card's history shows the batch it received (opportunities.md §4.4, BatchMessageReply). */
async function logSent(tx: DbOrTx, scope: Scope, batch: q.BatchRow, opportunityId: number, sentAt: Date) {
  const cards = await batchCards(tx, scope, [opportunityId]);
  await recordHistory(tx, scope, {
    type: 'BatchMessageReply',
    opportunityId,
    contactId: cards.get(opportunityId)?.contactId ?? null,
    userId: batch.userId,
    data: { batch_message: batch.title, batch_message_id: batch.id, sent_at: sentAt.toISOString() },
  });
}

export function registerBatchMessageJob(deps: BatchDeps) {
  deps.jobs.work<BatchJob>(
    BATCH_MESSAGE_QUEUE,
    (job, context) => runBatchJob(deps, job, context),
    QUEUE_SETTINGS,
  );
}
