import { MESSAGES } from '@vendaval/core/messages';
import { MEDIA_TYPE_OF_CHANNEL } from '@vendaval/core/schemas/bots';
import type { ChannelBot, InboundEvent, OutboundFile } from '../../infra/channels/channel-adapter.ts';
import type { DbOrTx } from '../../infra/db.ts';
import type { Events } from '../../infra/events.ts';
import type { Storage } from '../../infra/storage.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { channelBot } from '../bots/bots.service.ts';
import { contactForCard, findContactByPhone } from '../contacts/contacts.service.ts';
import { createInboundOpportunity, newestOpenCardOf } from '../opportunities/opportunities.service.ts';
import type { PlatformDirectory } from '../platform/platform.service.ts';
import { publishChat } from './chat.events.ts';
import { checkFile, cleanFileName, storeChatFile } from './chat.files.ts';
import { type ChatDeps, enqueueSend } from './chat.outbound.ts';
import * as q from './chat.queries.ts';
import { freeTextAllowed, keywordReply, nextStatus } from './chat.rules.ts';

/** `platforms` gives the role whose members receive new cards in turn (the platform's main_collaborator). */
export type InboundDeps = ChatDeps & { storage: Storage; platforms: PlatformDirectory };
type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
type StatusEvent = Extract<InboundEvent, { kind: 'status' }>;

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * What a channel tells us about one of the bot's numbers: a contact's message (it lands in their room, opening
 * one, and a card and contact if the number is new) or the fate of one of our messages. A repeated delivery of
 * the same provider id changes nothing.
 */
export async function receiveInbound(deps: InboundDeps, bot: ChannelBot, event: InboundEvent): Promise<void> {
  if (event.kind === 'status') return applyStatus(deps, bot, event);
  return receiveMessage(deps, bot, event);
}

async function receiveMessage(deps: InboundDeps, bot: ChannelBot, event: MessageEvent) {
  const scope = { platformId: bot.platformId, workspaceId: bot.workspaceId };
  const phone = digits(event.from);
  const file = event.file ? await keepFile(deps.storage, scope, event.file) : null;
  await deps.db.transaction(async (tx) => {
    await q.lockContactLine(tx, bot.id, phone);
    if (await q.findMessageOfBot(tx, scope, bot.id, event.remoteId)) return;
    const { row: settings } = await channelBot(tx, scope, bot.id);
    const mainCollaborator = deps.platforms.get(bot.platformId).flags.main_collaborator;
    const { dialog, newContact } = await roomOf(
      tx,
      deps.events,
      bot,
      settings.keepBotOnDialog,
      mainCollaborator,
      {
        phone,
        name: event.contactName,
      },
    );
    const parent = event.replyToRemoteId
      ? await q.findMessageOfBot(tx, scope, bot.id, event.replyToRemoteId)
      : undefined;
    const message = await q.insertMessage(tx, scope, {
      dialogId: dialog.id,
      remoteId: event.remoteId,
      sender: 'contact',
      message: event.text ?? null,
      fileKey: file?.key ?? null,
      fileMime: file?.mime ?? null,
      fileName: file?.name ?? null,
      errorMessage: file?.refused ? MESSAGES.fileTypeNotAllowed : null,
      parentId: parent?.message.id ?? null,
      status: 'Delivered',
      sentAt: event.sentAt,
    });
    if (!message) return;
    await q.noteInbound(tx, scope, dialog.id, event.sentAt);
    await publishChat(tx, deps.events, scope, 'message.created', dialog, {
      message_id: message.id,
      inbound: true,
    });
    await publishChat(tx, deps.events, scope, 'dialog.updated', dialog);
    await deps.events.emit(tx, 'message.received', {
      scope,
      dialog,
      messageId: message.id,
      contactName: event.contactName?.trim() || phone,
      text: event.text ?? null,
    });
    // The bot's replies are free text: a message that reaches us after its 24-hour window gets none.
    if (!freeTextAllowed(bot.channel, await q.lastInboundOfLine(tx, scope, bot.id, phone))) return;
    const replies = [
      newContact ? settings.greeting : null,
      dialog.keepBotOnDialog ? keywordReply(event.text, settings.keywordReplies) : null,
    ].filter((text): text is string => Boolean(text?.trim()));
    for (const text of replies) {
      const reply = await botMessage(tx, deps.events, bot, dialog, text);
      await enqueueSend(tx, deps, scope, reply.id);
    }
  });
}

/** The open room of the number on this bot; else a new one on the contact's newest open card, or a new card. */
async function roomOf(
  tx: DbOrTx,
  events: Events,
  bot: ChannelBot,
  keepBot: boolean,
  mainCollaborator: string,
  line: { phone: string; name: string | undefined },
) {
  const scope = { platformId: bot.platformId, workspaceId: bot.workspaceId };
  const open = await q.findOpenDialogOfLine(tx, scope, bot.id, line.phone);
  if (open) return { dialog: open, newContact: false };
  const known = await findContactByPhone(tx, scope, line.phone);
  const contact =
    known ??
    (await contactForCard(tx, scope, { name: line.name?.trim() || line.phone, phone_number: line.phone }));
  const card =
    (known ? await newestOpenCardOf(tx, scope, contact.id) : undefined) ??
    (await createInboundOpportunity(tx, events, scope, {
      contactId: contact.id,
      name: contact.name,
      mainCollaborator,
    }));
  const dialog = await q.insertDialog(tx, scope, {
    opportunityId: card.id,
    botId: bot.id,
    userId: card.userId,
    phoneNumber: line.phone,
    mediaType: MEDIA_TYPE_OF_CHANNEL[bot.channel],
    keepBotOnDialog: keepBot,
  });
  return { dialog, newContact: !known };
}

/** A message the bot writes by itself, stored as pending; its send job goes out once the transaction commits. */
async function botMessage(tx: DbOrTx, events: Events, bot: ChannelBot, dialog: q.DialogRow, text: string) {
  const scope = { platformId: bot.platformId, workspaceId: bot.workspaceId };
  const row = await q.insertMessage(tx, scope, {
    dialogId: dialog.id,
    sender: 'bot',
    botName: bot.name,
    message: text,
    status: 'pending',
  });
  if (!row) throw new Error('bot message insert returned nothing');
  await q.noteOutbound(tx, scope, dialog.id, row.sentAt);
  await publishChat(tx, events, scope, 'message.created', dialog, { message_id: row.id });
  return row;
}

/** A contact's file is kept only if its bytes are of a type we serve; otherwise the message says so. */
async function keepFile(storage: Storage, scope: Scope, file: OutboundFile) {
  const check = await checkFile(file.bytes);
  if (!check.ok) return { refused: true as const, key: null, mime: null, name: null };
  const key = await storeChatFile(storage, scope, file.bytes, check.ext);
  return { refused: false as const, key, mime: check.mime, name: cleanFileName(file.name, check.ext) };
}

/** sent → Delivered → Read, never backwards; a failure keeps the channel's reason. */
async function applyStatus(deps: InboundDeps, bot: ChannelBot, event: StatusEvent) {
  const scope = { platformId: bot.platformId, workspaceId: bot.workspaceId };
  await deps.db.transaction(async (tx) => {
    const found = await q.findMessageOfBot(tx, scope, bot.id, event.remoteId);
    if (!found || found.message.sender === 'contact') return;
    const status = nextStatus(found.message.status, event.status);
    if (!status) return;
    const failed = status === 'failed';
    await q.updateMessage(tx, scope, found.message.id, {
      status,
      ...(failed ? { errorMessage: event.error || MESSAGES.messageNotDelivered } : {}),
    });
    await publishChat(tx, deps.events, scope, 'message.updated', found.dialog, {
      message_id: found.message.id,
    });
  });
}
