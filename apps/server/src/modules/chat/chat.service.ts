import { MESSAGE_DELETE_WINDOW_HOURS } from '@vendaval/core/constants';
import { MESSAGES, SUCCESS_MESSAGES } from '@vendaval/core/messages';
import { canCloseRoom, canWriteInRoom, seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import { isApiRole } from '@vendaval/core/roles';
import { MEDIA_TYPE_OF_CHANNEL } from '@vendaval/core/schemas/bots';
import type {
  ChatMessage,
  ChatMessagePage,
  Dialog,
  OpenDialogBody,
  SendMessageBody,
} from '@vendaval/core/schemas/chat';
import {
  fillPlaceholders,
  fillTemplate,
  missingVariables,
  templateTexts,
  unknownVariables,
} from '@vendaval/core/template-variables';
import type { ChannelBot } from '../../infra/channels/channel-adapter.ts';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../infra/errors.ts';
import type { Events } from '../../infra/events.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { channelBot } from '../bots/bots.service.ts';
import { findContact } from '../contacts/contacts.service.ts';
import { recordHistory } from '../history/history.service.ts';
import {
  batchCards,
  cardPlaceholderValues,
  getOpportunityRef,
  recordFirstAnswer,
} from '../opportunities/opportunities.service.ts';
import { publishChat } from './chat.events.ts';
import {
  checkFile,
  cleanFileName,
  decodeBase64File,
  type Mac,
  signedFilePath,
  storeChatFile,
} from './chat.files.ts';
import type { InboundDeps } from './chat.inbound.ts';
import { channelsOf, enqueueSend, type StoredFile } from './chat.outbound.ts';
import * as q from './chat.queries.ts';
import { freeTextAllowed } from './chat.rules.ts';

/** What the chat's API needs: the database, events, channels, file storage and the secret that signs file links. */
export type ChatApiDeps = InboundDeps & { mac: Mac };

/** The chat's deps out of the app's (`app.deps`): what routes and the simulator pass to these functions. */
export function chatDeps(
  app: Omit<InboundDeps, 'channels'> &
    Pick<Required<InboundDeps>, 'channels'> & {
      tokens: { mac: Mac };
    },
): ChatApiDeps {
  const { db, events, jobs, storage, channels, tokens, platforms } = app;
  return { db, events, jobs, storage, channels, platforms, mac: (data) => tokens.mac(data) };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

// ---- answers ---------------------------------------------------------------------------------------------

export function toDialog(view: q.DialogView): Dialog {
  const { dialog } = view;
  return {
    id: dialog.id,
    closed_at: iso(dialog.closedAt),
    user_id: dialog.userId,
    user_name: view.userName,
    bot_id: dialog.botId,
    bot_name: view.botName,
    media_type: dialog.mediaType,
    keep_bot_on_dialog: dialog.keepBotOnDialog,
    opportunity: { id: view.card.id, name: view.card.name },
    phone_number: dialog.phoneNumber,
    last_message_at: iso(dialog.lastMessageAt),
    unread_count: dialog.unreadCount,
    created_at: dialog.createdAt.toISOString(),
  };
}

type FileLink = (messageId: number) => string;

function toMessageBase(row: q.MessageRow, userName: string | null, link: FileLink) {
  const deleted = row.isDeleted;
  return {
    id: row.id,
    remote_id: row.remoteId,
    dialog_id: row.dialogId,
    sent_at: row.sentAt.toISOString(),
    // A message deleted for everyone keeps its row, not its content.
    message: deleted ? null : row.message,
    header: deleted ? null : row.header,
    footer: deleted ? null : row.footer,
    file:
      !deleted && row.fileKey && row.fileMime
        ? { url: link(row.id), mime: row.fileMime, name: row.fileName ?? 'arquivo' }
        : null,
    sender: row.sender,
    user_id: row.userId,
    user: row.userId !== null && userName !== null ? { name: userName } : null,
    bot_name: row.botName,
    status: row.status,
    is_deleted: deleted,
    error_message: row.errorMessage,
  };
}

function toChatMessage(
  row: Omit<q.MessageListRow, 'total'>,
  view: q.DialogView,
  link: FileLink,
): ChatMessage {
  return {
    ...toMessageBase(row.message, row.userName, link),
    dialog: {
      id: view.dialog.id,
      bot_name: view.botName,
      media_type: view.dialog.mediaType,
      closed_at: iso(view.dialog.closedAt),
      opportunity_id: view.card.id,
    },
    parent: row.parent ? toMessageBase(row.parent, row.parentUserName, link) : null,
  };
}

const linkOf =
  (deps: ChatApiDeps, ctx: WorkspaceContext): FileLink =>
  (id) =>
    signedFilePath(deps.mac, ctx, id);

// ---- access ------------------------------------------------------------------------------------------

/** A room of the workspace; a salesRep reaches only the rooms of their own cards (404 otherwise). */
async function roomOf(db: DbOrTx, ctx: WorkspaceContext, id: number) {
  const view = await q.findDialogView(db, ctx, id);
  if (!view || (seesOnlyOwnOpportunities(ctx.role) && view.card.userId !== ctx.userId)) {
    throw notFound(MESSAGES.notFound);
  }
  return view;
}

function ensureCanWrite(ctx: WorkspaceContext, view: q.DialogView) {
  const room = { roomUserId: view.dialog.userId, isOpen: view.dialog.closedAt === null };
  if (!canWriteInRoom(ctx.role, ctx.userId, room)) throw forbidden(MESSAGES.roomOfAnotherUser);
}

/** WhatsApp Business takes free messages only within 24 hours of the contact's last message. */
async function ensureWabaWindow(db: DbOrTx, ctx: WorkspaceContext, bot: ChannelBot, phone: string) {
  if (bot.channel !== 'whatsapp_cloud') return;
  const last = await q.lastInboundOfLine(db, ctx, bot.id, phone);
  if (!freeTextAllowed(bot.channel, last)) throw badRequest(MESSAGES.wabaWindowClosed);
}

const ctxBot = (db: DbOrTx, ctx: WorkspaceContext, view: q.DialogView) =>
  channelBot(db, ctx, view.dialog.botId);

// ---- rooms -------------------------------------------------------------------------------------------

export async function getDialog(deps: ChatApiDeps, ctx: WorkspaceContext, id: number) {
  return { data: toDialog(await roomOf(deps.db, ctx, id)) };
}

/** The contact's phone of a card, as the channel addresses it. */
async function phoneOfCard(db: DbOrTx, ctx: WorkspaceContext, contactId: number | null) {
  const contact = contactId === null ? undefined : await findContact(db, ctx, contactId);
  const phone = contact?.phoneNumber?.replace(/\D/g, '');
  if (!phone) throw badRequest(MESSAGES.phoneRequired, 'opportunity_id');
  return phone;
}

/** A new room of a card with a first message or a template, sent through the bot's channel. */
export async function openDialog(deps: ChatApiDeps, ctx: WorkspaceContext, request: OpenDialogBody) {
  if (!request.message?.trim() && !request.template) throw badRequest(MESSAGES.emptyMessage, 'message');
  const card = await getOpportunityRef(deps.db, ctx, request.opportunity_id);
  const body = await withCardValues(deps.db, ctx, card.id, request);
  const text = body.message?.trim() ? body.message : null;
  const bot = await channelBot(deps.db, ctx, body.bot_id);
  const phone = await phoneOfCard(deps.db, ctx, card.contactId);
  if (!body.template) await ensureWabaWindow(deps.db, ctx, bot, phone);
  const templateFiles = await filesOfTemplate(deps, ctx, body.template);
  const dialog = await deps.db.transaction(async (tx) => {
    await q.lockCardRooms(tx, bot.id, card.id);
    await q.lockContactLine(tx, bot.id, phone);
    if (await q.findOpenRival(tx, ctx, { botId: bot.id, opportunityId: card.id, phoneNumber: phone })) {
      throw conflict(MESSAGES.roomAlreadyOpen);
    }
    const dialog = await q.insertDialog(tx, ctx, {
      opportunityId: card.id,
      botId: bot.id,
      userId: ctx.userId,
      phoneNumber: phone,
      mediaType: MEDIA_TYPE_OF_CHANNEL[bot.channel],
      keepBotOnDialog: body.keep_bot_on_dialog,
    });
    const message = await insertUserMessage(tx, deps, ctx, dialog, {
      message: text ?? body.template?.name ?? null,
      header: body.header ?? null,
      footer: body.footer ?? null,
    });
    // A template goes as itself; the text is its rendering, kept for the room's record.
    await enqueueSend(
      tx,
      deps,
      ctx,
      message.id,
      body.template ? { template: body.template, templateFiles } : {},
    );
    return dialog;
  });
  return getDialog(deps, ctx, dialog.id);
}

/**
 * A template's variables typed by hand ({{cliente}}, {{cidade}}…) filled with the card's values, as the picker
 * would have. A variable that names nothing known, or that the card has no value for, is refused: the contact
 * would read it as raw braces.
 */
async function withCardValues(
  db: DbOrTx,
  ctx: WorkspaceContext,
  opportunityId: number,
  body: OpenDialogBody,
): Promise<OpenDialogBody> {
  if (!body.template) return body;
  const texts = [...templateTexts(body.template), body.header, body.message, body.footer];
  const [unknown] = unknownVariables(texts);
  if (unknown) throw badRequest(MESSAGES.unknownTemplateVariable(unknown), 'template');
  const card = (await batchCards(db, ctx, [opportunityId])).get(opportunityId);
  if (!card) throw notFound(MESSAGES.notFound);
  const values = cardPlaceholderValues(card);
  const [missing] = missingVariables(texts, values);
  if (missing) throw badRequest(MESSAGES.templateVariableMissing(missing), 'template');
  const fill = (text: string | undefined) =>
    text === undefined ? undefined : fillPlaceholders(text, values);
  return {
    ...body,
    template: fillTemplate(body.template, values),
    header: fill(body.header),
    message: fill(body.message),
    footer: fill(body.footer),
  };
}

/** The files of a template's media parameters, checked like any file, in the order they appear. */
export async function checkedTemplateFiles(template: OpenDialogBody['template']) {
  const files = [];
  for (const component of template?.components ?? []) {
    for (const parameter of component.parameters) {
      if ('file' in parameter) files.push(await incomingFile(parameter.file, 'template.components'));
    }
  }
  return files;
}

/** A template's files, checked and stored; the send job carries only where they are. */
async function filesOfTemplate(
  deps: ChatApiDeps,
  ctx: WorkspaceContext,
  template: OpenDialogBody['template'],
): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const file of await checkedTemplateFiles(template)) {
    const key = await storeChatFile(deps.storage, ctx, file.bytes, file.ext);
    files.push({ key, name: file.name, mime: file.mime });
  }
  return files;
}

/** Closes an open room; a salesRep closes only their own. Logged in the card's history. */
export async function closeDialog(deps: ChatApiDeps, ctx: WorkspaceContext, id: number) {
  const view = await roomOf(deps.db, ctx, id);
  if (!canCloseRoom(ctx.role, ctx.userId, view.dialog.userId)) throw forbidden(MESSAGES.roomOfAnotherUser);
  await deps.db.transaction(async (tx) => {
    const room = await q.findDialog(tx, ctx, id, { lock: true });
    if (!room || room.closedAt !== null) throw conflict(MESSAGES.roomAlreadyClosed);
    const closed = await q.updateDialog(tx, ctx, id, { closedAt: new Date() });
    await logRoom(tx, ctx, view, 'OpportunityRoomStatusClosed');
    if (closed) await publishChat(tx, deps.events, ctx, 'dialog.updated', closed);
  });
  return getDialog(deps, ctx, id);
}

/**
 * Reopens a closed room for the caller, who becomes its attendant. Refused while a newer room of the card, or
 * another room of the number on the bot, is open; on WhatsApp Business, also outside the 24-hour window.
 */
export async function reopenDialog(
  deps: ChatApiDeps,
  ctx: WorkspaceContext,
  id: number,
  body: { dialog_id: number; opportunity_id: number },
) {
  if (body.dialog_id !== id) throw badRequest(MESSAGES.idMismatch, 'dialog_id');
  const view = await roomOf(deps.db, ctx, id);
  if (body.opportunity_id !== view.card.id) throw notFound(MESSAGES.notFound);
  const bot = await ctxBot(deps.db, ctx, view);
  await ensureWabaWindow(deps.db, ctx, bot, view.dialog.phoneNumber);
  await deps.db.transaction(async (tx) => {
    await q.lockCardRooms(tx, bot.id, view.card.id);
    await q.lockContactLine(tx, bot.id, view.dialog.phoneNumber);
    const room = await q.findDialog(tx, ctx, id, { lock: true });
    if (!room || room.closedAt === null) throw conflict(MESSAGES.roomNotReopened);
    const newer = await q.findNewerOpenOfCard(tx, ctx, view.card.id, id);
    if (newer || (await q.findOpenRival(tx, ctx, room, id))) throw conflict(MESSAGES.roomNotReopened);
    const reopened = await q.updateDialog(tx, ctx, id, { closedAt: null, userId: ctx.userId });
    await logRoom(tx, ctx, view, 'OpportunityRoomStatusReopened');
    if (reopened) await publishChat(tx, deps.events, ctx, 'dialog.updated', reopened);
  });
  return getDialog(deps, ctx, id);
}

function logRoom(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  view: { card: { id: number; contactId: number | null }; dialog: { id: number } },
  type: 'OpportunityRoomStatusClosed' | 'OpportunityRoomStatusReopened',
) {
  return recordHistory(tx, ctx, {
    type,
    opportunityId: view.card.id,
    contactId: view.card.contactId,
    userId: ctx.userId,
    data: { remote_id: view.dialog.id },
  });
}

/** A card closed with `trigger_room_status` closes its open rooms too, in the card's transaction. */
export async function closeRoomsOfCard(
  tx: DbOrTx,
  events: Events,
  ctx: WorkspaceContext,
  card: { id: number; contactId: number | null },
) {
  for (const dialog of await q.closeOpenDialogsOfCard(tx, ctx, card.id)) {
    await logRoom(tx, ctx, { card, dialog }, 'OpportunityRoomStatusClosed');
    await publishChat(tx, events, ctx, 'dialog.updated', dialog);
  }
}

/** The attendant read the room: the contact's messages become Read (the contact sees it), nothing is unread. */
export async function readDialog(deps: ChatApiDeps, ctx: WorkspaceContext, id: number) {
  const view = await roomOf(deps.db, ctx, id);
  await deps.db.transaction(async (tx) => {
    const read = await q.markRoomRead(tx, ctx, id);
    if (read > 0 || view.dialog.unreadCount > 0) {
      await publishChat(tx, deps.events, ctx, 'message.updated', view.dialog);
      await publishChat(tx, deps.events, ctx, 'dialog.updated', view.dialog);
    }
  });
  return getDialog(deps, ctx, id);
}

// ---- messages ------------------------------------------------------------------------------------------

export async function listDialogMessages(
  deps: ChatApiDeps,
  ctx: WorkspaceContext,
  id: number,
  page: { limit: number; offset: number },
): Promise<ChatMessagePage> {
  const view = await roomOf(deps.db, ctx, id);
  const { rows, total } = await q.listMessages(deps.db, ctx, id, page);
  const link = linkOf(deps, ctx);
  return {
    data: rows.map((row) => toChatMessage(row, view, link)),
    pagination: { total_count: total, limit: page.limit, offset: page.offset },
  };
}

async function insertUserMessage(
  tx: DbOrTx,
  deps: ChatApiDeps,
  ctx: WorkspaceContext,
  dialog: q.DialogRow,
  content: Partial<q.MessageInsert>,
) {
  const sentAt = new Date();
  // The card first, then the room: the order a card's close takes, so the two never wait on each other.
  if (!isApiRole(ctx.role)) await recordFirstAnswer(tx, deps.events, ctx, dialog.opportunityId, sentAt);
  const message = await q.insertMessage(tx, ctx, {
    dialogId: dialog.id,
    sender: 'user',
    userId: ctx.userId,
    status: 'pending',
    sentAt,
    ...content,
  });
  if (!message) throw new Error('message insert returned nothing');
  await q.noteOutbound(tx, ctx, dialog.id, message.sentAt);
  await publishChat(tx, deps.events, ctx, 'message.created', dialog, { message_id: message.id });
  await publishChat(tx, deps.events, ctx, 'dialog.updated', dialog);
  return message;
}

/** A file of a send: base64 decoded, at most 16 MB, its type read from the bytes. */
async function incomingFile(
  file: NonNullable<SendMessageBody['message_object']['file']>,
  field = 'message_object.file',
) {
  const bytes = decodeBase64File(file.base64File);
  if (!bytes) throw badRequest(MESSAGES.invalidBase64, field);
  const check = await checkFile(bytes);
  if (!check.ok) {
    if (check.reason === 'too-large') throw badRequest(MESSAGES.fileTooLarge, field);
    throw badRequest(check.reason === 'empty' ? MESSAGES.invalidBase64 : MESSAGES.fileTypeNotAllowed, field);
  }
  return { bytes, mime: check.mime, ext: check.ext, name: cleanFileName(file.name, check.ext) };
}

/**
 * One message (text or one file) from the attendant, in an open room they may write in. It is stored first and
 * then handed to the channel; the attendant's message takes the room over from the bot.
 */
export async function sendMessage(
  deps: ChatApiDeps,
  ctx: WorkspaceContext,
  id: number,
  body: SendMessageBody,
) {
  if (body.dialog_id !== id) throw badRequest(MESSAGES.idMismatch, 'dialog_id');
  const { message_object: input } = body;
  const text = input.message?.trim() ? input.message : null;
  if (!text && !input.file) throw badRequest(MESSAGES.emptyChatMessage, 'message_object.message');
  const view = await roomOf(deps.db, ctx, id);
  ensureCanWrite(ctx, view);
  if (view.dialog.closedAt !== null) throw badRequest(MESSAGES.roomIsClosed);
  const bot = await ctxBot(deps.db, ctx, view);
  await ensureWabaWindow(deps.db, ctx, bot, view.dialog.phoneNumber);
  const file = input.file ? await incomingFile(input.file) : null;
  const parent =
    input.parent_id === undefined
      ? null
      : await q.findMessageInDialog(deps.db, ctx, id, { id: input.parent_id });
  if (input.parent_id !== undefined && !parent) throw notFound(MESSAGES.messageNotFound);
  const fileKey = file ? await storeChatFile(deps.storage, ctx, file.bytes, file.ext) : null;
  const message = await deps.db.transaction(async (tx) => {
    const message = await insertUserMessage(tx, deps, ctx, view.dialog, {
      message: text,
      fileKey,
      fileMime: file?.mime ?? null,
      fileName: file?.name ?? null,
      parentId: parent?.id ?? null,
    });
    if (view.dialog.keepBotOnDialog) await q.updateDialog(tx, ctx, id, { keepBotOnDialog: false });
    await enqueueSend(tx, deps, ctx, message.id);
    return message;
  });
  return readMessage(deps, ctx, view, message.id);
}

async function readMessage(deps: ChatApiDeps, ctx: WorkspaceContext, view: q.DialogView, id: number) {
  const row = await q.findMessageView(deps.db, ctx, id);
  if (!row) throw notFound(MESSAGES.messageNotFound);
  return toChatMessage(row, view, linkOf(deps, ctx));
}

/**
 * Deletes a message for everyone (chat.md §5): only one an attendant or the bot sent, only in a WhatsApp QR-code
 * room, only within 48 hours. The row stays, marked deleted; the channel is told.
 */
export async function deleteMessage(deps: ChatApiDeps, ctx: WorkspaceContext, id: number, remoteId: string) {
  const view = await roomOf(deps.db, ctx, id);
  const message = await q.findMessageInDialog(deps.db, ctx, id, { remoteId });
  if (!message) throw notFound(MESSAGES.messageNotFound);
  ensureCanWrite(ctx, view);
  const age = Date.now() - message.sentAt.getTime();
  if (
    message.sender === 'contact' ||
    view.dialog.mediaType !== 'WhatsappQrcode' ||
    age >= MESSAGE_DELETE_WINDOW_HOURS * 60 * 60 * 1000
  ) {
    throw badRequest(MESSAGES.messageNotDeletable);
  }
  if (!message.isDeleted) {
    await deps.db.transaction(async (tx) => {
      await q.updateMessage(tx, ctx, message.id, { isDeleted: true });
      await publishChat(tx, deps.events, ctx, 'message.updated', view.dialog, { message_id: message.id });
    });
    const bot = await ctxBot(deps.db, ctx, view);
    // The row already says deleted; a channel that cannot delete leaves the contact's copy, nothing else.
    await channelsOf(deps)
      [bot.channel].deleteMessage?.(bot, remoteId, view.dialog.phoneNumber)
      .catch(() => {});
  }
  return { message: SUCCESS_MESSAGES.messageDeleted };
}

// ---- files -------------------------------------------------------------------------------------------

/** The bytes of a message's file, for a link whose signature was checked; null when there is none. */
export async function readMessageFile(deps: ChatApiDeps, scope: Scope, messageId: number) {
  const message = await q.findMessageView(deps.db, scope, messageId);
  const row = message?.message;
  if (!row?.fileKey || !row.fileMime || row.isDeleted) return null;
  const data = await deps.storage.get(row.fileKey);
  return data && { data, mime: row.fileMime, name: row.fileName ?? 'arquivo' };
}
