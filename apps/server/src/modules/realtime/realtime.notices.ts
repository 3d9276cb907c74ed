import { REALTIME_EVENT_TYPES, type RealtimeEventType } from '@vendaval/core/schemas/chat';
import { notificationSchema } from '@vendaval/core/schemas/notifications';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import type { DomainEvent, EventListener } from '../../infra/events.ts';
import type { Notice } from './realtime.hub.ts';

export const REALTIME_CHANNEL = 'vendaval_events';

/** Card outcomes reach the screens as a changed card. */
const ALIASES: Record<string, RealtimeEventType> = {
  'opportunity.won': 'opportunity.updated',
  'opportunity.lost': 'opportunity.updated',
};

const isRealtimeType = (type: string): type is RealtimeEventType =>
  (REALTIME_EVENT_TYPES as readonly string[]).includes(type);

const int = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/**
 * The stream's view of a domain event, or null when screens do not care. Card events name the card's owner as
 * `owner_id` (their `user_id` is who acted); chat events name the room's attendant as `user_id`.
 */
export function toNotice(event: DomainEvent): Notice | null {
  const type = isRealtimeType(event.type) ? event.type : ALIASES[event.type];
  if (!type) return null;
  const d = event.data;
  if (type === 'notification.created') return notificationNotice(event);
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
      user_id: owner ?? null,
      ...(typeof d.inbound === 'boolean' ? { inbound: d.inbound } : {}),
    },
  };
}

/** A notification goes to the streams of its one recipient, whatever workspace they have open. */
function notificationNotice(event: DomainEvent): Notice | null {
  const recipient = int(event.data.recipient_id);
  const parsed = notificationSchema.safeParse(event.data.notification);
  if (recipient === undefined || !parsed.success) return null;
  return {
    platformId: event.platformId,
    workspaceId: event.workspaceId,
    owners: [],
    recipients: [recipient],
    event: { type: 'notification.created', notification: parsed.data },
  };
}

/** NOTIFY inside the change's transaction: PostgreSQL delivers it on commit, and never for a rollback. */
export const notifyListener: EventListener = async (tx: DbOrTx, event) => {
  const notice = toNotice(event);
  if (notice) await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(notice)})`);
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
