import type { RealtimeEvent } from '@vendaval/core/schemas/chat';
import type { DbOrTx } from '../../infra/db.ts';
import type { Events } from '../../infra/events.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import type { DialogRow } from './chat.queries.ts';

type ChatEventType = Extract<RealtimeEvent['type'], 'message.created' | 'message.updated' | 'dialog.updated'>;

/**
 * Tells the workspace's stream what changed in a room, inside the change's transaction; a room's change also
 * reaches the features that follow rooms.
 */
export async function publishChat(
  tx: DbOrTx,
  events: Events,
  scope: Scope,
  type: ChatEventType,
  dialog: Pick<DialogRow, 'id' | 'opportunityId' | 'userId' | 'closedAt'>,
  extra: { message_id?: number; inbound?: boolean } = {},
) {
  const data: Omit<RealtimeEvent, 'type'> = {
    dialog_id: dialog.id,
    opportunity_id: dialog.opportunityId,
    user_id: dialog.userId,
    ...extra,
  };
  await events.publish(tx, { type, platformId: scope.platformId, workspaceId: scope.workspaceId, data });
  if (type === 'dialog.updated') {
    const { id, opportunityId, userId, closedAt } = dialog;
    await events.emit(tx, 'room.changed', {
      scope,
      room: { id, opportunityId, userId, open: closedAt === null },
    });
  }
}

/** What the chat tells the features that react to it. */
export interface ChatEvents {
  /** A contact's message landed in a room (once per provider message). */
  'message.received': {
    scope: Scope;
    dialog: Pick<DialogRow, 'id' | 'opportunityId' | 'userId'>;
    messageId: number;
    contactName: string;
    text: string | null;
  };
  /** A room opened, closed, passed to another rep, or moved on; tasks follow it while it is open. */
  'room.changed': {
    scope: Scope;
    room: { id: number; opportunityId: number; userId: number | null; open: boolean };
  };
}

declare module '../../infra/events.ts' {
  interface DomainEventMap extends ChatEvents {}
}
