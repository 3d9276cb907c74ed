import { MESSAGES } from '@vendaval/core/messages';
import {
  DEFAULT_USER_SETTINGS,
  type Notification,
  type NotificationBatchDelete,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationOrigin,
  type NotificationPage,
  type UserSettings,
  type UserSettingsInput,
} from '@vendaval/core/schemas/notifications';
import type { AuthContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { notFound } from '../../infra/errors.ts';
import type { Events } from '../../infra/events.ts';
import type { Jobs } from '../../infra/jobs.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import * as q from './notifications.queries.ts';

/** What makes a notification: the event hook that puts it on the stream, the jobs that push it. */
export interface Notifier {
  events: Events;
  jobs: Jobs;
}

/** The queue of the Web Push of the notifications of one cause, each to its user's browsers. */
export const PUSH_QUEUE = 'notifications-push';
export interface PushJob {
  platformId: number;
  notificationIds: number[];
}

/** What a listener asks for: one notification for each of `userIds` who has not switched `kind` off. */
export interface NotificationDraft {
  scope: Scope;
  userIds: number[];
  kind: NotificationKind;
  origin: NotificationOrigin;
  originId: number | string;
  opportunityId: number | null;
  title: string;
  body: string;
  filename?: string | null;
  /** Set when the cause may be seen twice (jobs): one notification per cause and user, ever. */
  causeKey?: string;
}

// A notification travels whole in a NOTIFY payload (8,000 bytes at most), so its texts stay short.
const TITLE_MAX = 200;
const BODY_MAX = 500;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Writes the notifications in the caller's transaction, puts each on its recipient's event stream and queues its
 * push, all delivered once the transaction commits: a cause that rolls back notifies nobody.
 */
export async function notify(tx: DbOrTx, { events, jobs }: Notifier, draft: NotificationDraft) {
  const userIds = await q.membersNotifiedOf(tx, draft.scope, [...new Set(draft.userIds)], draft.kind);
  const rows = await q.insertNotifications(
    tx,
    userIds.map((userId) => ({
      platformId: draft.scope.platformId,
      workspaceId: draft.scope.workspaceId,
      userId,
      kind: draft.kind,
      origin: draft.origin,
      originId: String(draft.originId),
      opportunityId: draft.opportunityId,
      title: clip(draft.title, TITLE_MAX),
      body: clip(draft.body, BODY_MAX),
      filename: draft.filename ?? null,
      causeKey: draft.causeKey ?? null,
    })),
  );
  const [first] = rows;
  if (!first) return rows;
  await events.publish(tx, {
    type: 'notification.created',
    platformId: draft.scope.platformId,
    workspaceId: draft.scope.workspaceId,
    data: {
      notifications: rows.map((row) => ({ recipient_id: row.userId, notification: toNotification(row) })),
    },
  });
  const push: PushJob = { platformId: draft.scope.platformId, notificationIds: rows.map((row) => row.id) };
  await jobs.send(PUSH_QUEUE, push, { tx, key: String(first.id) });
  return rows;
}

export function toNotification(row: q.NotificationRow): Notification {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    kind: row.kind,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    data: {
      title: row.title,
      body: row.body,
      origin: row.origin,
      id: row.originId,
      opportunity_id: row.opportunityId,
      filename: row.filename,
    },
  };
}

const ownerOf = (auth: AuthContext): q.Owner => ({ platformId: auth.platformId, userId: auth.userId });

export async function listNotifications(
  db: Db,
  auth: AuthContext,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const { limit, offset } = query;
  const found = await q.listOwn(db, ownerOf(auth), { limit, offset, unreadOnly: query.unread === 'true' });
  return {
    data: found.rows.map(toNotification),
    pagination: { total_count: found.total, limit, offset },
    unread_count: found.unread,
  };
}

export async function readNotification(db: Db, auth: AuthContext, id: number) {
  const row = await q.markRead(db, ownerOf(auth), id);
  if (!row) throw notFound(MESSAGES.notFound);
  return toNotification(row);
}

export async function deleteNotification(db: Db, auth: AuthContext, id: number) {
  const deleted = await q.deleteOwn(db, ownerOf(auth), [id]);
  if (deleted === 0) throw notFound(MESSAGES.notFound);
  return { deleted };
}

/** Ids that are not the user's are skipped, as if already gone. */
export async function deleteNotifications(db: Db, auth: AuthContext, body: NotificationBatchDelete) {
  return { deleted: await q.deleteOwn(db, ownerOf(auth), body.ids) };
}

export async function clearNotifications(db: Db, auth: AuthContext) {
  return { deleted: await q.deleteOwn(db, ownerOf(auth)) };
}

function toSettings(row: q.SettingsRow | undefined): UserSettings {
  if (!row) return DEFAULT_USER_SETTINGS;
  return {
    notify_kinds: row.notifyKinds,
    push_enabled: row.pushEnabled,
    sound_enabled: row.soundEnabled,
    quiet_start: row.quietStart,
    quiet_end: row.quietEnd,
  };
}

export async function getSettings(db: DbOrTx, auth: AuthContext) {
  return toSettings(await q.findSettings(db, ownerOf(auth)));
}

/** Changes the fields given; the others keep their value. */
export async function saveSettings(db: Db, auth: AuthContext, input: UserSettingsInput) {
  const current = await getSettings(db, auth);
  const next = { ...current, ...input };
  const row = await q.saveSettings(db, ownerOf(auth), {
    notifyKinds: next.notify_kinds,
    pushEnabled: next.push_enabled,
    soundEnabled: next.sound_enabled,
    quietStart: next.quiet_start,
    quietEnd: next.quiet_end,
  });
  return toSettings(row);
}
