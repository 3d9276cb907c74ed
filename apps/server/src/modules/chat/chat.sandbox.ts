import { MESSAGES } from '@vendaval/core/messages';
import type { SimulatorMessage } from '@vendaval/core/schemas/chat';
import type { DbOrTx } from '../../infra/db.ts';
import { notFound } from '../../infra/errors.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { channelBot } from '../bots/bots.service.ts';
import { publishChat } from './chat.events.ts';
import { signedFilePath } from './chat.files.ts';
import * as q from './chat.queries.ts';
import type { ChatApiDeps } from './chat.service.ts';

// The customer simulator's phone on a sandbox bot: what it shows, and our messages delivered and read on it.

type SandboxDeps = Pick<ChatApiDeps, 'db' | 'events' | 'mac'>;

/** The rooms of a number on a sandbox bot of the workspace (404 for any other bot). */
async function sandboxLine(db: DbOrTx, scope: Scope, botId: number, phone: string) {
  const bot = await channelBot(db, scope, botId);
  if (bot.channel !== 'sandbox') throw notFound(MESSAGES.botNotFound);
  return q.listDialogsOfLine(db, scope, botId, phone.replace(/\D/g, ''));
}

/** Moves our messages in a number's rooms forward and tells each room's stream. */
async function advanceLine(deps: SandboxDeps, scope: Scope, rooms: q.DialogRow[], to: 'Delivered' | 'Read') {
  if (rooms.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const moved = await q.advanceOutbound(
      tx,
      scope,
      rooms.map((r) => r.id),
      to,
    );
    for (const room of rooms.filter((r) => moved.some((m) => m.dialogId === r.id))) {
      await publishChat(tx, deps.events, scope, 'message.updated', room);
    }
    return moved.length;
  });
}

/**
 * What the simulated phone of `phone` shows for a sandbox bot: every message of its rooms, oldest first. Fetching
 * is the phone receiving: our sent messages become Delivered.
 */
export async function sandboxConversation(
  deps: SandboxDeps,
  scope: Scope,
  botId: number,
  phone: string,
): Promise<SimulatorMessage[]> {
  const rooms = await sandboxLine(deps.db, scope, botId, phone);
  if (rooms.length === 0) return [];
  await advanceLine(deps, scope, rooms, 'Delivered');
  const rows = await q.listMessagesOfDialogs(
    deps.db,
    scope,
    rooms.map((r) => r.id),
  );
  const link = (id: number) => signedFilePath(deps.mac, scope, id);
  return rows.map(({ message: m, userName }) => ({
    id: m.id,
    from_contact: m.sender === 'contact',
    message: m.isDeleted ? null : m.message,
    file:
      !m.isDeleted && m.fileKey && m.fileMime
        ? { url: link(m.id), mime: m.fileMime, name: m.fileName ?? 'arquivo' }
        : null,
    status: m.status,
    is_deleted: m.isDeleted,
    sent_at: m.sentAt.toISOString(),
    author: m.sender === 'contact' ? null : m.sender === 'user' ? userName : m.botName,
  }));
}

/** The simulated contact read the conversation: our messages in the number's rooms become Read. */
export async function markOutboundRead(deps: SandboxDeps, scope: Scope, botId: number, phone: string) {
  const rooms = await sandboxLine(deps.db, scope, botId, phone);
  return advanceLine(deps, scope, rooms, 'Read');
}
