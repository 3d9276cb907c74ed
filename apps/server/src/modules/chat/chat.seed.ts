import type { DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { listBots } from '../bots/bots.service.ts';
import * as q from './chat.queries.ts';

// Past conversations of the demo, written as they stand.

export interface SeedMessage {
  sender: 'contact' | 'user' | 'bot';
  text: string;
  minutesAgo: number;
}

/**
 * A past conversation written as it stands (demo seed, inside its transaction): a room of the card with the
 * workspace's sandbox bot, owned by the card's responsible, with nothing sent anywhere. Contact messages after
 * the attendant's last one stay unread.
 */
export async function seedConversation(
  tx: DbOrTx,
  scope: Scope,
  room: { opportunityId: number; userId: number | null; phone: string; messages: SeedMessage[] },
) {
  const [bot] = (await listBots(tx, scope)).data.filter((b) => b.channel === 'sandbox');
  if (!bot) return;
  const at = (m: SeedMessage) => new Date(Date.now() - m.minutesAgo * 60_000);
  const lastAnswer = room.messages.findLastIndex((m) => m.sender !== 'contact');
  const unread = room.messages.filter((m, i) => m.sender === 'contact' && i > lastAnswer).length;
  const contactTimes = room.messages.filter((m) => m.sender === 'contact').map(at);
  const last = room.messages.at(-1);
  const dialog = await q.insertDialog(tx, scope, {
    opportunityId: room.opportunityId,
    botId: bot.id,
    userId: room.userId,
    phoneNumber: room.phone,
    mediaType: bot.media_type,
    keepBotOnDialog: lastAnswer < 0 || room.messages[lastAnswer]?.sender === 'bot',
    lastInboundAt: contactTimes.at(-1) ?? null,
    lastMessageAt: last ? at(last) : null,
    unreadCount: unread,
  });
  for (const [i, m] of room.messages.entries()) {
    await q.insertMessage(tx, scope, {
      dialogId: dialog.id,
      remoteId: `sandbox-demo-${dialog.id}-${i}`,
      sender: m.sender,
      userId: m.sender === 'user' ? room.userId : null,
      botName: m.sender === 'bot' ? bot.name : null,
      message: m.text,
      status: m.sender === 'contact' ? (i > lastAnswer ? 'Delivered' : 'Read') : 'Read',
      sentAt: at(m),
    });
  }
}
