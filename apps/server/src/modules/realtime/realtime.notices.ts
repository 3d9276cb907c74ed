import { REALTIME_EVENT_TYPES, type RealtimeEventType } from '@vendaval/core/schemas/chat';
import { notificationSchema } from '@vendaval/core/schemas/notifications';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import type { DomainEvent, EventListener } from '../../infra/events.ts';
import type { Notice } from './realtime.hub.ts';

export const REALTIME_CHANNEL = 'vendaval_events';

/** Card outcomes and enrolments reach the screens as a changed card. */
const ALIASES: Record<string, RealtimeEventType> = {
  'opportunity.won': 'opportunity.updated',
  'opportunity.lost': 'opportunity.updated',
  'contract.created': 'opportunity.updated',
  'contract.updated': 'opportunity.updated',
};

const isRealtimeType = (type: string): type is RealtimeEventType =>
  (REALTIME_EVENT_TYPES as readonly string[]).includes(type);

const int = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/**
 * The stream's view of a domain event, or null when screens do not care. Card events name the card's owner as
 * `owner_id` (their `user_id` is who acted); chat events name the room's attendant as `user_id`.
 */
function toNotice(event: DomainEvent): Notice | null {
  const type = isRealtimeType(event.type) ? event.type : ALIASES[event.type];
  if (!type) return null;
  const d = event.data;
  const owner = 'owner_id' in d ? int(d.owner_id) : int(d.user_id);
  const previous = int(d.previous_owner_id);
  return {
    platformId: event.platformId,
    workspaceId: event.workspaceId,
    owners: [owner, previous].filter((id) => id !== undefined),
    event: {
      type,
      dialog_id: int(d.dialog_id),
      opportunity_id: int(d.opportunity_id),
      message_id: int(d.message_id),
      ...(int(d.call_id) !== undefined ? { call_id: int(d.call_id) } : {}),
      user_id: owner ?? null,
      ...(typeof d.inbound === 'boolean' ? { inbound: d.inbound } : {}),
    },
  };
}

/**
 * `notification.created` carries the notifications one cause made, each for one recipient: each goes to the
 * streams of its recipient only, whatever workspace they have open.
 */
function notificationNotices(event: DomainEvent): Notice[] {
  const made = Array.isArray(event.data.notifications) ? (event.data.notifications as unknown[]) : [];
  return made.flatMap((item) => {
    const { recipient_id, notification } = (item ?? {}) as Record<string, unknown>;
    const recipient = int(recipient_id);
    const parsed = notificationSchema.safeParse(notification);
    if (recipient === undefined || !parsed.success) return [];
    return [
      {
        platformId: event.platformId,
        workspaceId: event.workspaceId,
        owners: [],
        recipients: [recipient],
        event: { type: 'notification.created' as const, notification: parsed.data },
      },
    ];
  });
}

/** The stream's notices of a domain event: none when screens do not care. */
export function toNotices(event: DomainEvent): Notice[] {
  if (event.type === 'notification.created') return notificationNotices(event);
  const notice = toNotice(event);
  return notice ? [notice] : [];
}

/** NOTIFY inside the change's transaction: PostgreSQL delivers it on commit, and never for a rollback. */
export const notifyListener: EventListener = async (tx: DbOrTx, event) => {
  const notices = toNotices(event).map((notice) => JSON.stringify(notice));
  if (notices.length === 1) await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${notices[0]})`);
  else if (notices.length > 1) {
    // A cause that notifies hundreds of people sends them in one statement.
    await tx.execute(
      sql`select pg_notify(${REALTIME_CHANNEL}, n) from json_array_elements_text(${JSON.stringify(notices)}::json) n`,
    );
  }
};

export function parseNotice(payload: string): Notice | null {
  try {
    const notice = JSON.parse(payload) as Notice;
    const recipients = notice.recipients === undefined || Array.isArray(notice.recipients);
    return int(notice.platformId) && int(notice.workspaceId) && Array.isArray(notice.owners) && recipients
      ? notice
      : null;
  } catch {
    return null;
  }
}
