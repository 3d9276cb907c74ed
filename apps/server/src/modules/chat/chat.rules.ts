import { escapeRegExp } from '@vendaval/core/format';
import type { BotKeywordReply } from '@vendaval/core/schemas/bots';
import type { MessageStatus } from '@vendaval/core/schemas/chat';

/** Lower case without accents, so 'Preço' and 'preco' are one word. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The reply of the first keyword the text contains as a whole word (case and accents aside). */
export function keywordReply(text: string | null | undefined, replies: BotKeywordReply[]): string | null {
  if (!text) return null;
  const folded = fold(text);
  for (const { keyword, reply } of replies) {
    const word = escapeRegExp(fold(keyword.trim()));
    if (word && new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'u').test(folded)) return reply;
  }
  return null;
}

const WABA_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * WhatsApp Business takes free text only within 24 hours of the contact's last message; outside it only a
 * template. The one rule for every outbound message, an attendant's or the bot's own.
 */
export function freeTextAllowed(channel: string, lastInbound: Date | null, now = Date.now()): boolean {
  return (
    channel !== 'whatsapp_cloud' || (lastInbound !== null && now - lastInbound.getTime() <= WABA_WINDOW_MS)
  );
}

const RANK: Record<MessageStatus, number> = { pending: 0, failed: 0, sent: 1, Delivered: 2, Read: 3 };

/**
 * A status the channel reports, applied only forwards (sent → Delivered → Read). A failure counts only before the
 * contact got the message.
 */
export function nextStatus(current: MessageStatus, reported: MessageStatus): MessageStatus | null {
  if (reported === 'failed') return RANK[current] < RANK.Delivered && current !== 'failed' ? 'failed' : null;
  return RANK[reported] > RANK[current] ? reported : null;
}
