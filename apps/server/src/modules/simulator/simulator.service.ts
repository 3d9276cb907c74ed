import { randomUUID } from 'node:crypto';
import { toWhatsappNumber } from '@vendaval/core/format';
import { MESSAGES } from '@vendaval/core/messages';
import { canUseSimulator } from '@vendaval/core/permissions';
import type { SimulatorConversation, SimulatorLine, SimulatorSendBody } from '@vendaval/core/schemas/chat';
import type { OutboundFile } from '../../infra/channels/channel-adapter.ts';
import type { WorkspaceContext } from '../../infra/context.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import { channelBot } from '../bots/bots.service.ts';
import { decodeBase64File } from '../chat/chat.files.ts';
import { receiveInbound } from '../chat/chat.inbound.ts';
import { markOutboundRead, sandboxConversation } from '../chat/chat.sandbox.ts';
import type { ChatApiDeps } from '../chat/chat.service.ts';

function assertMayUse(ctx: WorkspaceContext) {
  if (!canUseSimulator(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

/** The number as WhatsApp addresses it: a Brazilian number typed without 55 gets it (platform.md §5). */
function checkedPhone(phone: string) {
  const number = toWhatsappNumber(phone);
  if (number.length < 10 || number.length > 15) throw badRequest(MESSAGES.invalidPhone, 'phone_number');
  return number;
}

/** The phone's screen: fetching it is the phone receiving our messages (Delivered). */
export async function conversation(
  deps: ChatApiDeps,
  ctx: WorkspaceContext,
  line: SimulatorLine,
): Promise<SimulatorConversation> {
  assertMayUse(ctx);
  return { data: await sandboxConversation(deps, ctx, line.bot_id, checkedPhone(line.phone_number)) };
}

/** The contact opened the conversation: our messages become Read (blue ticks). */
export async function read(
  deps: ChatApiDeps,
  ctx: WorkspaceContext,
  line: SimulatorLine,
): Promise<SimulatorConversation> {
  assertMayUse(ctx);
  const phone = checkedPhone(line.phone_number);
  await markOutboundRead(deps, ctx, line.bot_id, phone);
  return { data: await sandboxConversation(deps, ctx, line.bot_id, phone) };
}

function incomingFile(file: NonNullable<SimulatorSendBody['file']>): OutboundFile {
  const bytes = decodeBase64File(file.base64File);
  if (!bytes || bytes.length === 0) throw badRequest(MESSAGES.invalidBase64, 'file');
  // The inbound path reads the real type from the bytes and refuses what we do not serve.
  return { name: file.name, mime: 'application/octet-stream', bytes };
}

/**
 * The simulated contact writes to a sandbox bot: the message enters through the same inbound path as a real
 * channel's webhook (new contact, card and room when the number is new).
 */
export async function send(
  deps: ChatApiDeps,
  ctx: WorkspaceContext,
  body: SimulatorSendBody,
): Promise<SimulatorConversation> {
  assertMayUse(ctx);
  const phone = checkedPhone(body.phone_number);
  const text = body.message?.trim() ? body.message : undefined;
  if (!text && !body.file) throw badRequest(MESSAGES.emptyChatMessage, 'message');
  const bot = await channelBot(deps.db, ctx, body.bot_id);
  if (bot.channel !== 'sandbox') throw notFound(MESSAGES.botNotFound);
  await receiveInbound(deps, bot, {
    kind: 'message',
    remoteId: `simulator-${randomUUID()}`,
    from: phone,
    ...(body.name?.trim() ? { contactName: body.name.trim() } : {}),
    sentAt: new Date(),
    ...(text ? { text } : {}),
    ...(body.file ? { file: incomingFile(body.file) } : {}),
  });
  return { data: await sandboxConversation(deps, ctx, bot.id, phone) };
}
