import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import { canManageWebhooks } from '@vendaval/core/permissions';
import {
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookLog,
  type WebhookSecret,
  type WebhookUpdate,
} from '@vendaval/core/schemas/webhooks';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { forbidden, HttpError, notFound } from '../../infra/errors.ts';
import type { EventListener } from '../../infra/events.ts';
import type { JobContext, Jobs } from '../../infra/jobs.ts';
import { checkTargetUrl, PrivateTargetError } from '../../infra/outbound-target.ts';
import { type Page, pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { postSigned } from './webhooks.delivery.ts';
import * as q from './webhooks.queries.ts';

export const WEBHOOK_QUEUE = 'webhook-delivery';
export const WEBHOOK_PRUNE_QUEUE = 'webhook-prune';
/** Deliveries and their attempts are kept this long for the log, then pruned every night. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
const PRUNE_CRON = '17 3 * * *';
const PRUNE_BATCH = 5000;

export interface WebhookSettings {
  /** The operator allows http and private, loopback and link-local targets. */
  allowPrivate: boolean;
  retryDelaySeconds: number;
}

export const webhookSettings = (config: {
  webhooksAllowPrivate: boolean;
  webhookRetryDelaySeconds: number;
}) => ({
  allowPrivate: config.webhooksAllowPrivate,
  retryDelaySeconds: config.webhookRetryDelaySeconds,
});

interface DeliveryJob {
  deliveryId: number;
  platformId: number;
  workspaceId: number;
}

/** Switched off after the event: not sent, and not retried. */
export class WebhookInactiveError extends Error {}

export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export function toWebhook(
  row: Pick<q.WebhookRow, 'id' | 'name' | 'url' | 'events' | 'active' | 'createdAt'>,
): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

function assertCanManage(ctx: WorkspaceContext) {
  if (!canManageWebhooks(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

async function ownWebhook(db: Db, ctx: WorkspaceContext, id: number) {
  assertCanManage(ctx);
  const row = await q.findWebhook(db, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

export async function listWebhooks(
  db: Db,
  ctx: WorkspaceContext,
  page: { limit: number; offset: number },
): Promise<Page<Webhook>> {
  assertCanManage(ctx);
  const { rows, total } = await q.listWebhooks(db, ctx, page);
  return pageOf(rows.map(toWebhook), total, page.limit, page.offset);
}

export async function getWebhook(db: Db, ctx: WorkspaceContext, id: number): Promise<Webhook> {
  return toWebhook(await ownWebhook(db, ctx, id));
}

/** The signing secret is in this answer and in a rotation's, never again. */
export async function createWebhook(
  db: Db,
  settings: WebhookSettings,
  ctx: WorkspaceContext,
  input: WebhookCreate,
): Promise<WebhookCreated> {
  assertCanManage(ctx);
  const url = checkTargetUrl(input.url, settings.allowPrivate).href;
  const row = await q.insertWebhook(db, ctx, { ...input, url, secret: newSecret() });
  return { ...toWebhook(row), secret: row.secret };
}

export async function updateWebhook(
  db: Db,
  settings: WebhookSettings,
  ctx: WorkspaceContext,
  id: number,
  patch: WebhookUpdate,
): Promise<Webhook> {
  await ownWebhook(db, ctx, id);
  const url = patch.url === undefined ? undefined : checkTargetUrl(patch.url, settings.allowPrivate).href;
  const row = await q.updateWebhook(db, ctx, id, { ...patch, ...(url ? { url } : {}) });
  if (!row) throw notFound(MESSAGES.notFound);
  return toWebhook(row);
}

export async function deleteWebhook(db: Db, ctx: WorkspaceContext, id: number) {
  assertCanManage(ctx);
  if (!(await q.deleteWebhook(db, ctx, id))) throw notFound(MESSAGES.notFound);
  return { message: 'ok' };
}

/** A new secret replaces the old one at once; deliveries still waiting are signed with the new one. */
export async function rotateSecret(db: Db, ctx: WorkspaceContext, id: number): Promise<WebhookSecret> {
  await ownWebhook(db, ctx, id);
  const row = await q.updateWebhook(db, ctx, id, { secret: newSecret() });
  if (!row) throw notFound(MESSAGES.notFound);
  return { id: row.id, secret: row.secret };
}

export async function listWebhookLogs(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  page: { limit: number; offset: number },
): Promise<Page<WebhookLog>> {
  await ownWebhook(db, ctx, id);
  const { rows, total } = await q.listAttempts(db, ctx, id, page);
  return pageOf(rows.map(toWebhookLog), total, page.limit, page.offset);
}

export function toWebhookLog(r: Awaited<ReturnType<typeof q.listAttempts>>['rows'][number]): WebhookLog {
  return {
    id: r.id,
    delivery_id: r.deliveryId,
    event: r.event,
    attempt: r.attempt,
    status_code: r.statusCode,
    error: r.error,
    duration_ms: r.durationMs,
    created_at: r.createdAt.toISOString(),
    delivery_status: r.deliveryStatus,
  };
}

export const isWebhookEvent = (type: string): type is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(type);

/**
 * Subscribes webhooks to the app's events: in the transaction of the change, one delivery row and one job per
 * subscribed webhook, so an event is sent if and only if its change commits.
 */
export function webhookListener(jobs: Jobs): EventListener {
  return async (tx, event) => {
    if (!isWebhookEvent(event.type)) return;
    const scope = { platformId: event.platformId, workspaceId: event.workspaceId };
    const payload = {
      event: event.type,
      occurred_at: new Date().toISOString(),
      workspace_id: event.workspaceId,
      data: event.data,
    };
    for (const hook of await q.listSubscribers(tx, scope, event.type)) {
      const delivery = await q.insertDelivery(tx, scope, { webhookId: hook.id, event: event.type, payload });
      const job: DeliveryJob = { deliveryId: delivery.id, ...scope };
      await jobs.send(WEBHOOK_QUEUE, job, { tx, key: String(delivery.id) });
    }
  };
}

/** A delivery as a try needs it, whichever level its webhook is at. */
export interface PendingDelivery {
  id: number;
  webhookId: number;
  event: WebhookEvent;
  payload: Record<string, unknown>;
  url: string;
  secret: string;
  active: boolean;
}

/**
 * One try of one delivery: the attempt to log and the status the delivery reaches. A 2xx answer delivers it;
 * anything else leaves it pending for a retry until the last attempt fails it. A refused (private) target or a
 * switched-off webhook fails at once: retrying cannot change it.
 */
export async function tryDelivery(settings: WebhookSettings, delivery: PendingDelivery, context: JobContext) {
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let final = context.isLastAttempt;
  try {
    if (!delivery.active) throw new WebhookInactiveError(MESSAGES.webhookInactive);
    statusCode = await postSigned({
      url: checkTargetUrl(delivery.url, settings.allowPrivate),
      secret: delivery.secret,
      body: JSON.stringify(delivery.payload),
      headers: { 'x-vendaval-event': delivery.event, 'x-vendaval-delivery': String(delivery.id) },
      allowPrivate: settings.allowPrivate,
      signal: context.signal,
    });
  } catch (err) {
    error = err instanceof HttpError ? err.message : (err as Error).message;
    final ||=
      err instanceof HttpError || err instanceof PrivateTargetError || err instanceof WebhookInactiveError;
  }
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const attempt: q.AttemptRecord = {
    webhookId: delivery.webhookId,
    deliveryId: delivery.id,
    attempt: context.retryCount + 1,
    statusCode,
    error,
    durationMs: Date.now() - started,
  };
  const status: WebhookDeliveryStatus = delivered ? 'delivered' : final ? 'failed' : 'pending';
  return { attempt, status };
}

/** Throws for the job to be retried while the delivery is still pending. */
export function retryIfPending(delivery: { id: number }, tried: Awaited<ReturnType<typeof tryDelivery>>) {
  if (tried.status === 'pending')
    throw new Error(
      `webhook delivery ${delivery.id}: ${tried.attempt.error ?? `HTTP ${tried.attempt.statusCode}`}`,
    );
}

async function deliver(db: Db, settings: WebhookSettings, job: DeliveryJob, context: JobContext) {
  const scope = { platformId: job.platformId, workspaceId: job.workspaceId };
  const delivery = await q.findDelivery(db, scope, job.deliveryId);
  if (delivery?.status !== 'pending') return;
  const tried = await tryDelivery(settings, delivery, context);
  await q.recordAttempt(db, scope, tried.attempt, tried.status);
  retryIfPending(delivery, tried);
}

/** The retries of a delivery job, the same at both levels. */
export const DELIVERY_QUEUE_SETTINGS = (settings: WebhookSettings) => ({
  retryLimit: 6,
  retryDelaySeconds: settings.retryDelaySeconds,
  retryDelayMaxSeconds: 60 * 60,
  expireInSeconds: 60,
  // A receiver that answers slowly must not hold up the others' deliveries.
  concurrency: 4,
});

export function registerWebhookDelivery(jobs: Jobs, db: Db, settings: WebhookSettings) {
  jobs.work<DeliveryJob>(
    WEBHOOK_QUEUE,
    (job, context) => deliver(db, settings, job, context),
    DELIVERY_QUEUE_SETTINGS(settings),
  );
}

/** Deletes the deliveries older than the retention, in batches so no delete holds its locks for long. */
export async function pruneOldDeliveries(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await q.pruneDeliveries(db, before, PRUNE_BATCH);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}

export function registerWebhookPrune(jobs: Jobs, db: Db) {
  jobs.work(WEBHOOK_PRUNE_QUEUE, async () => {
    await pruneOldDeliveries(db);
  });
  jobs.schedule(WEBHOOK_PRUNE_QUEUE, PRUNE_CRON);
}

/** Whether the workspace has this webhook (an automation's action names it). */
export async function hasWebhook(db: DbOrTx, scope: Scope, id: number) {
  return (await q.findWebhook(db, scope, id)) !== null;
}

/**
 * One signed POST to a webhook of the workspace, for an automation's action: the same target rules and signature
 * as a delivery. Answers the status code; the caller's job retries.
 */
export async function postToWebhook(
  db: DbOrTx,
  settings: WebhookSettings,
  scope: Scope,
  webhookId: number,
  post: { event: string; key: string; payload: Record<string, unknown>; signal: AbortSignal },
) {
  const hook = await q.findWebhook(db, scope, webhookId);
  if (!hook) throw notFound(MESSAGES.notFound);
  if (!hook.active) throw new WebhookInactiveError(MESSAGES.webhookInactive);
  return postSigned({
    url: checkTargetUrl(hook.url, settings.allowPrivate),
    secret: hook.secret,
    body: JSON.stringify(post.payload),
    headers: { 'x-vendaval-event': post.event, 'x-vendaval-delivery': post.key },
    allowPrivate: settings.allowPrivate,
    signal: post.signal,
  });
}
