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
import { channelBot } from '../bots/bots.service.ts';
import { getTemplate } from '../bots/meta-templates.service.ts';
import {
  type BatchRoom,
  checkBatchTemplate,
  dispatchBatchMessage,
  failBatchMessage,
  findBatchMessage,
  storeBatchMessage,
} from '../chat/chat.service.ts';
import { recordHistory } from '../history/history.service.ts';
import {
  type BatchCard,
  batchAudience,
  batchCards,
  cardPlaceholderValues,
} from '../opportunities/opportunities.service.ts';
import * as q from './batch-messages.queries.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;

export const BATCH_MESSAGE_QUEUE = 'batch-message';
const QUEUE_SETTINGS: Partial<QueueSettings> = { expireInSeconds: 30 * 60, retryLimit: 5 };
/** Sends per small batch: a pause takes effect after at most this many. */
const STEP_SIZE = 20;
/** A batch reaches at most this many phones; a wider filter is refused. */
const MAX_RECIPIENTS = 10_000;
/** A recipient still 'sending' this long after its message was stored was interrupted (no send takes so long). */
const STALE_SENDING_MS = 5 * 60 * 1000;

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
  return { recipients: (await batchAudience(db, ctx, filter, MAX_RECIPIENTS + 1)).length };
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
  const audience = await batchAudience(db, ctx, body.filter, MAX_RECIPIENTS + 1);
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

/**
 * Sends the batch a small batch at a time, pausing between them, until it is done, paused or cancelled.
 * Idempotent: a recipient moves pending → sending (its room message stored) → sent/failed only from the status
 * expected, so a retry or a second delivery never sends a recipient twice.
 */
export async function runBatchJob(deps: BatchDeps, job: BatchJob, context?: JobContext) {
  while (await runStep(deps, job)) {
    context?.signal.throwIfAborted();
    await sleep(deps.stepPauseMs);
  }
}

/** A recipient to finish: with the room its message was just stored in, or none when found interrupted. */
type Claimed = { recipient: q.RecipientRow; dialog: BatchRoom | null };

/** One small batch; false once there is nothing left for this job. */
async function runStep(deps: BatchDeps, job: BatchJob): Promise<boolean> {
  const scope = { platformId: job.platformId, workspaceId: job.workspaceId };
  const claim = await deps.db.transaction((tx) => claimStep(tx, deps.events, scope, job.batchId));
  if (!claim) return false;
  for (const item of claim.claimed) await finishRecipient(deps, scope, claim.batch, item);
  await deps.db.transaction((tx) => q.recount(tx, scope, job.batchId));
  return true;
}

/** Under the batch's lock: the next recipients, each with its room message stored. Null when nothing is left. */
async function claimStep(tx: DbOrTx, events: Events, scope: Scope, batchId: number) {
  const batch = await q.findBatch(tx, scope, batchId, { lock: true });
  if (!batch || (batch.status !== 'scheduled' && batch.status !== 'running')) return null;
  if (batch.status === 'scheduled') await q.updateBatch(tx, scope, batchId, { status: 'running' });
  const stale = Date.now() - STALE_SENDING_MS;
  const rows = (await q.nextRecipients(tx, scope, batchId, STEP_SIZE * 2))
    .filter((r) => r.status === 'pending' || (r.claimedAt?.getTime() ?? 0) < stale)
    .slice(0, STEP_SIZE);
  if (rows.length === 0) {
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
  const claimed: Claimed[] = [];
  for (const recipient of rows) {
    if (recipient.status === 'sending') {
      claimed.push({ recipient, dialog: null });
      continue;
    }
    const card = cards.get(recipient.opportunityId);
    const stored = await storeRecipient(tx, events, scope, { batch, bot, recipient, card });
    if (stored) claimed.push(stored);
  }
  return { batch, claimed };
}

interface StoreInput {
  batch: q.BatchRow;
  bot: Awaited<ReturnType<typeof channelBot>>;
  recipient: q.RecipientRow;
  card: BatchCard | undefined;
}

/** Skips a card that can no longer be reached; otherwise stores its message in its room and marks it sending. */
async function storeRecipient(tx: DbOrTx, events: Events, scope: Scope, input: StoreInput) {
  const { batch, bot, recipient, card } = input;
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
  });
  return moved ? { recipient: moved, dialog } : null;
}

/**
 * Sends a freshly stored message, then records the outcome. A recipient found 'sending' from an interrupted run
 * is not sent again: its message's own status says whether the channel took it.
 */
async function finishRecipient(deps: BatchDeps, scope: Scope, batch: q.BatchRow, item: Claimed) {
  const { recipient, dialog } = item;
  if (recipient.messageId === null) return;
  const outcome =
    dialog && recipient.values
      ? await sendRecipient(deps, scope, batch, dialog, recipient.messageId, recipient.values)
      : (await findBatchMessage(deps.db, scope, recipient.messageId))?.message;
  await deps.db.transaction(async (tx) => {
    if (outcome?.remoteId && outcome.status !== 'failed' && outcome.status !== 'pending') {
      const sentAt = new Date();
      const patch = { status: 'sent' as const, remoteId: outcome.remoteId, sentAt };
      const moved = await q.moveRecipient(tx, scope, recipient.id, 'sending', patch);
      if (moved) await logSent(tx, scope, batch, recipient.opportunityId, sentAt);
      return;
    }
    const error = outcome?.status === 'failed' ? outcome.errorMessage : MESSAGES.batchSendInterrupted;
    const moved = await q.moveRecipient(tx, scope, recipient.id, 'sending', { status: 'failed', error });
    if (moved && recipient.messageId !== null) {
      await failBatchMessage(tx, deps.events, scope, recipient.messageId, MESSAGES.batchSendInterrupted);
    }
  });
}

async function sendRecipient(
  deps: BatchDeps,
  scope: Scope,
  batch: q.BatchRow,
  dialog: BatchRoom,
  messageId: number,
  values: BatchPlaceholderValues,
) {
  const bot = await channelBot(deps.db, scope, batch.botId);
  return dispatchBatchMessage(deps, bot, dialog, messageId, fillTemplate(batch.template, values));
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
