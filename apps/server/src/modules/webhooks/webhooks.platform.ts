import { MESSAGES } from '@vendaval/core/messages';
import { canAdministerPlatform } from '@vendaval/core/permissions';
import type {
  Webhook,
  WebhookCreate,
  WebhookCreated,
  WebhookLog,
  WebhookUpdate,
} from '@vendaval/core/schemas/webhooks';
import type { AuthContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { forbidden, notFound } from '../../infra/errors.ts';
import type { EventListener } from '../../infra/events.ts';
import type { JobContext, Jobs } from '../../infra/jobs.ts';
import { checkTargetUrl } from '../../infra/outbound-target.ts';
import { type Page, pageOf } from '../../infra/pagination.ts';
import { membershipsOf } from '../users/users.service.ts';
import * as q from './webhooks.queries.ts';
import {
  DELIVERY_QUEUE_SETTINGS,
  isWebhookEvent,
  newSecret,
  retryIfPending,
  toWebhook,
  toWebhookLog,
  tryDelivery,
  type WebhookSettings,
} from './webhooks.service.ts';

// Platform-wide webhooks (decisions §18): the platform's admins set them, and they receive the events of every
// workspace of the platform, signed the same way as a workspace's.

export const PLATFORM_WEBHOOK_QUEUE = 'platform-webhook-delivery';

interface PlatformDeliveryJob {
  deliveryId: number;
  platformId: number;
}

/** The host's platform, when the path names it (any other platform id is 404), and a user who administers it. */
export async function assertPlatformWebhookAdmin(
  db: Db,
  auth: AuthContext,
  hostId: number,
  platformId: number,
) {
  if (platformId !== hostId || platformId !== auth.platformId) throw notFound(MESSAGES.notFound);
  const memberships = await membershipsOf(db, auth);
  if (!canAdministerPlatform(memberships.map((m) => m.role))) throw forbidden(MESSAGES.forbidden);
}

async function own(db: Db, platformId: number, id: number) {
  const row = await q.findPlatformWebhook(db, platformId, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

export async function listPlatformWebhooks(
  db: Db,
  platformId: number,
  page: { limit: number; offset: number },
): Promise<Page<Webhook>> {
  const { rows, total } = await q.listPlatformWebhooks(db, platformId, page);
  return pageOf(rows.map(toWebhook), total, page.limit, page.offset);
}

export async function getPlatformWebhook(db: Db, platformId: number, id: number): Promise<Webhook> {
  return toWebhook(await own(db, platformId, id));
}

/** The signing secret is in this answer only. */
export async function createPlatformWebhook(
  db: Db,
  settings: WebhookSettings,
  platformId: number,
  input: WebhookCreate,
): Promise<WebhookCreated> {
  const url = checkTargetUrl(input.url, settings.allowPrivate).href;
  const row = await q.insertPlatformWebhook(db, platformId, { ...input, url, secret: newSecret() });
  return { ...toWebhook(row), secret: row.secret };
}

export async function updatePlatformWebhook(
  db: Db,
  settings: WebhookSettings,
  platformId: number,
  id: number,
  patch: WebhookUpdate,
): Promise<Webhook> {
  await own(db, platformId, id);
  const url = patch.url === undefined ? undefined : checkTargetUrl(patch.url, settings.allowPrivate).href;
  const row = await q.updatePlatformWebhook(db, platformId, id, { ...patch, ...(url ? { url } : {}) });
  if (!row) throw notFound(MESSAGES.notFound);
  return toWebhook(row);
}

export async function deletePlatformWebhook(db: Db, platformId: number, id: number) {
  if (!(await q.deletePlatformWebhook(db, platformId, id))) throw notFound(MESSAGES.notFound);
  return { message: 'ok' };
}

export async function listPlatformWebhookLogs(
  db: Db,
  platformId: number,
  id: number,
  page: { limit: number; offset: number },
): Promise<Page<WebhookLog>> {
  await own(db, platformId, id);
  const { rows, total } = await q.listPlatformAttempts(db, platformId, id, page);
  return pageOf(rows.map(toWebhookLog), total, page.limit, page.offset);
}

/** Every workspace's event, to the platform's subscribed webhooks, in the transaction of the change. */
export function platformWebhookListener(jobs: Jobs): EventListener {
  return async (tx, event) => {
    if (!isWebhookEvent(event.type)) return;
    const payload = {
      event: event.type,
      occurred_at: new Date().toISOString(),
      workspace_id: event.workspaceId,
      data: event.data,
    };
    for (const hook of await q.platformSubscribers(tx, event.platformId, event.type)) {
      const delivery = await q.insertPlatformDelivery(tx, event.platformId, {
        webhookId: hook.id,
        workspaceId: event.workspaceId,
        event: event.type,
        payload,
      });
      const job: PlatformDeliveryJob = { deliveryId: delivery.id, platformId: event.platformId };
      await jobs.send(PLATFORM_WEBHOOK_QUEUE, job, { tx, key: String(delivery.id) });
    }
  };
}

async function deliver(db: Db, settings: WebhookSettings, job: PlatformDeliveryJob, context: JobContext) {
  const delivery = await q.findPlatformDelivery(db, job.platformId, job.deliveryId);
  if (delivery?.status !== 'pending') return;
  const tried = await tryDelivery(settings, delivery, context);
  await q.recordPlatformAttempt(db, job.platformId, tried.attempt, tried.status);
  retryIfPending(delivery, tried);
}

export function registerPlatformWebhookDelivery(jobs: Jobs, db: Db, settings: WebhookSettings) {
  jobs.work<PlatformDeliveryJob>(
    PLATFORM_WEBHOOK_QUEUE,
    (job, context) => deliver(db, settings, job, context),
    DELIVERY_QUEUE_SETTINGS(settings),
  );
}
