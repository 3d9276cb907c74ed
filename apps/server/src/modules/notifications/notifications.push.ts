import { Agent } from 'node:https';
import { MESSAGES } from '@vendaval/core/messages';
import {
  type PushTokenInput,
  type UserSettings,
  webPushSubscriptionSchema,
} from '@vendaval/core/schemas/notifications';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { AuthContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { badRequest } from '../../infra/errors.ts';
import { checkTargetUrl, guardedLookup } from '../../infra/outbound-target.ts';
import { hasOpenStream } from '../realtime/realtime.presence.ts';
import { wallClockOf } from '../tasks/tasks.wall-clock.ts';
import * as q from './notifications.queries.ts';
import { getSettings, type PushJob, toNotification } from './notifications.service.ts';

/** How long a push service keeps a push for a browser that is offline. */
const PUSH_TTL_SECONDS = 3600;
const PUSH_TIMEOUT_MS = 10_000;

/** How this server pushes: its VAPID identity, and the connection every push goes through. */
export interface PushSender {
  publicKey: string;
  vapidDetails: { subject: string; publicKey: string; privateKey: string };
  allowPrivate: boolean;
  agent: Agent;
}

export function pushSender(config: Config): PushSender {
  // Without kept keys (a test app) the pair lives as long as the process.
  const keys = config.vapid ?? webpush.generateVAPIDKeys();
  return {
    publicKey: keys.publicKey,
    vapidDetails: { subject: config.vapidSubject, ...keys },
    allowPrivate: config.pushAllowPrivate,
    // A push service's name is checked again when the socket connects (DNS rebinding), like a webhook's.
    agent: new Agent({
      lookup: guardedLookup(config.pushAllowPrivate),
      ...(config.pushCaCert ? { ca: config.pushCaCert } : {}),
    }),
  };
}

/**
 * POST fcm/create-token: a browser's Web Push subscription (its JSON as the token, device Desktop) or a mobile
 * app's token. A browser's push service must be a public https address.
 */
export async function registerPushToken(
  db: Db,
  auth: AuthContext,
  input: PushTokenInput,
  sender: PushSender,
) {
  const owner = { platformId: auth.platformId, userId: auth.userId };
  if (input.device_type !== 'Desktop') {
    const saved = await q.savePushSubscription(db, {
      ...owner,
      deviceType: input.device_type,
      endpoint: input.token,
      p256dh: null,
      auth: null,
    });
    return { id: saved.id, device_type: saved.deviceType };
  }
  const subscription = webPushSubscriptionSchema.safeParse(parseJson(input.token));
  if (!subscription.success) throw badRequest(MESSAGES.pushSubscriptionInvalid, 'token');
  try {
    checkTargetUrl(subscription.data.endpoint, sender.allowPrivate);
  } catch {
    throw badRequest(MESSAGES.pushEndpointRefused, 'token');
  }
  const saved = await q.savePushSubscription(db, {
    ...owner,
    deviceType: 'Desktop',
    endpoint: subscription.data.endpoint,
    p256dh: subscription.data.keys.p256dh,
    auth: subscription.data.keys.auth,
  });
  return { id: saved.id, device_type: saved.deviceType };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether `now` falls in the user's quiet hours (Brasília wall clock); a start after the end spans midnight. */
export function inQuietHours(settings: UserSettings, now: Date): boolean {
  const { quiet_start: start, quiet_end: end } = settings;
  if (!start || !end || start === end) return false;
  const time = wallClockOf(now).slice(11, 16);
  return start < end ? time >= start && time < end : time >= start || time < end;
}

/** Pushes the notifications of one cause, each to its user's browsers (see pushOne). */
export async function deliverPush(db: Db, sender: PushSender, job: PushJob) {
  let failure: unknown;
  for (const row of await q.notificationsByIds(db, job.platformId, job.notificationIds)) {
    await pushOne(db, sender, row).catch((error) => {
      failure ??= error;
    });
  }
  if (failure) throw failure;
}

/**
 * Pushes one notification to its user's browsers, unless they switched push off, are in their quiet hours or
 * have a tab open on the event stream (the tab shows it). A subscription the push service says is gone (404, 410)
 * is removed; another failure fails the job, which is retried.
 */
async function pushOne(db: Db, sender: PushSender, row: q.NotificationRow) {
  const owner = { platformId: row.platformId, userId: row.userId };
  const settings = await getSettings(db, owner);
  if (!settings.push_enabled || inQuietHours(settings, new Date())) return;
  if (await hasOpenStream(db, owner)) return;
  const payload = JSON.stringify({ title: row.title, body: row.body, notification: toNotification(row) });
  let failure: unknown;
  for (const subscription of await q.webPushSubscriptionsOf(db, owner)) {
    try {
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh ?? '', auth: subscription.auth ?? '' },
        },
        payload,
        {
          vapidDetails: sender.vapidDetails,
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
          agent: sender.agent,
        },
      );
    } catch (error) {
      if (error instanceof webpush.WebPushError && [404, 410].includes(error.statusCode)) {
        await q.deletePushSubscription(db, owner, subscription.id);
      } else {
        failure ??= error;
      }
    }
  }
  if (failure) throw failure;
}
