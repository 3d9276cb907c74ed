import { MESSAGES } from '@vendaval/core/messages';
import {
  type ChannelBot,
  ChannelError,
  type ChannelRegistry,
  type OutboundMessage,
} from '../../infra/channels/channel-adapter.ts';
import { createChannelRegistry } from '../../infra/channels/registry.ts';
import type { Db } from '../../infra/db.ts';
import type { Events } from '../../infra/events.ts';
import { publishChat } from './chat.events.ts';
import * as q from './chat.queries.ts';

export interface ChatDeps {
  db: Db;
  events: Events;
  /** The adapters by channel; without it, the built-in ones. */
  channels?: ChannelRegistry;
}

const builtIn = createChannelRegistry();
export const channelsOf = (deps: ChatDeps) => deps.channels ?? builtIn;

/** Why a send failed, as the attendant reads it in the red tooltip. */
function failureText(error: unknown) {
  if (error instanceof ChannelError && error.message) return error.message;
  return MESSAGES.messageNotDelivered;
}

/**
 * Hands a stored (pending) message to the bot's channel, after its transaction committed. The channel's id is
 * stored with the 'sent' status; a failure keeps the message as 'failed' with the reason, never loses it.
 */
export async function dispatch(
  deps: ChatDeps,
  bot: ChannelBot,
  dialog: q.DialogRow,
  messageId: number,
  outbound: OutboundMessage,
): Promise<q.MessageRow | undefined> {
  const scope = { platformId: dialog.platformId, workspaceId: dialog.workspaceId };
  let patch: Partial<q.MessageInsert>;
  try {
    const { remoteId } = await channelsOf(deps)[bot.channel].send(bot, outbound);
    patch = { remoteId, status: 'sent', errorMessage: null };
  } catch (error) {
    patch = { status: 'failed', errorMessage: failureText(error) };
  }
  return deps.db.transaction(async (tx) => {
    const row = await q.updateMessage(tx, scope, messageId, patch);
    if (row) await publishChat(tx, deps.events, scope, 'message.updated', dialog, { message_id: row.id });
    return row;
  });
}
