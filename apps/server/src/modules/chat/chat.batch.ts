import { MEDIA_TYPE_OF_CHANNEL } from '@vendaval/core/schemas/bots';
import type { OpenDialogBody } from '@vendaval/core/schemas/chat';
import type { ChannelBot } from '../../infra/channels/channel-adapter.ts';
import type { DbOrTx } from '../../infra/db.ts';
import type { Events } from '../../infra/events.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { publishChat } from './chat.events.ts';
import { channelsOf, deliver } from './chat.outbound.ts';
import * as q from './chat.queries.ts';
import { type ChatApiDeps, checkedTemplateFiles } from './chat.service.ts';

// What a batch message does in the rooms: its message stored in the card's room, then sent with its template.

export interface BatchRoomMessage {
  opportunityId: number;
  phone: string;
  /** Who sent the batch: the message is theirs, and so is a room the batch opens. */
  userId: number | null;
  text: string;
  header: string | null;
  footer: string | null;
}

/**
 * Stores a batch's message in the card's room on the bot, opening one when the number has none open there, inside
 * the caller's transaction; the caller hands it to the channel with `dispatchBatchMessage` once committed.
 */
export async function storeBatchMessage(
  tx: DbOrTx,
  events: Events,
  scope: Scope,
  bot: ChannelBot,
  input: BatchRoomMessage,
) {
  await q.lockCardRooms(tx, bot.id, input.opportunityId);
  await q.lockContactLine(tx, bot.id, input.phone);
  const dialog =
    (await q.findOpenDialogOfLine(tx, scope, bot.id, input.phone)) ??
    (await q.insertDialog(tx, scope, {
      opportunityId: input.opportunityId,
      botId: bot.id,
      userId: input.userId,
      phoneNumber: input.phone,
      mediaType: MEDIA_TYPE_OF_CHANNEL[bot.channel],
      keepBotOnDialog: false,
    }));
  const message = await q.insertMessage(tx, scope, {
    dialogId: dialog.id,
    sender: 'user',
    userId: input.userId,
    status: 'pending',
    sentAt: new Date(),
    message: input.text,
    header: input.header,
    footer: input.footer,
  });
  if (!message) throw new Error('message insert returned nothing');
  await q.noteOutbound(tx, scope, dialog.id, message.sentAt);
  await publishChat(tx, events, scope, 'message.created', dialog, { message_id: message.id });
  await publishChat(tx, events, scope, 'dialog.updated', dialog);
  return { dialog, message };
}

/**
 * Sends a stored batch message's template, at most once whatever the retries (see `deliver`): the row ends 'sent'
 * with the channel's id, or 'failed' with why. Answers the message as it ends up, also when it was settled before.
 */
export async function dispatchBatchMessage(
  deps: Pick<ChatApiDeps, 'db' | 'events' | 'channels'>,
  bot: ChannelBot,
  messageId: number,
  template: NonNullable<OpenDialogBody['template']>,
) {
  const scope = { platformId: bot.platformId, workspaceId: bot.workspaceId };
  const view = await q.findMessageView(deps.db, scope, messageId);
  const dialog = view && (await q.findDialog(deps.db, scope, view.message.dialogId));
  if (!dialog) return undefined;
  const templateFiles = await checkedTemplateFiles(template);
  // The batch's own job keeps its recipients idempotent, so this send is made now, not queued.
  return deliver(deps, dialog, messageId, () =>
    channelsOf(deps)[bot.channel].send(bot, { to: dialog.phoneNumber, template, templateFiles }),
  );
}

/** A batch's template files are checked like any file when the batch is created (400 naming the field). */
export async function checkBatchTemplate(template: NonNullable<OpenDialogBody['template']>) {
  await checkedTemplateFiles(template);
}
