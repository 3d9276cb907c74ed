import { MESSAGE_DELETE_WINDOW_HOURS } from '@vendaval/core/constants';
import type { ChatMessage } from '@vendaval/core/schemas/chat';

const HOUR_MS = 3_600_000;

/**
 * Only what a user or the bot sent in a WhatsApp-by-QR-code room, younger than 48 hours, can be deleted for
 * everyone (chat.md §5, CHAT-088 to CHAT-090).
 */
export function canDeleteMessage(message: ChatMessage, now: number = Date.now()): boolean {
  if (message.is_deleted || !message.remote_id) return false;
  if (message.sender !== 'user' && message.sender !== 'bot') return false;
  if (message.dialog.media_type !== 'WhatsappQrcode') return false;
  return now - Date.parse(message.sent_at) < MESSAGE_DELETE_WINDOW_HOURS * HOUR_MS;
}

export type DayGroup = { label: string; key: string; messages: ChatMessage[] };

/** Messages of one room, oldest first, split where the calendar day changes (CHAT-001). */
export function groupByDay(messages: ChatMessage[], label: (sentAt: string) => string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const day = new Date(message.sent_at).toDateString();
    const last = groups.at(-1);
    if (last && last.key === day) last.messages.push(message);
    else groups.push({ key: day, label: label(message.sent_at), messages: [message] });
  }
  return groups;
}

/** The newest page and the older pages of a room, oldest first, each message once. */
export function mergePages(pages: ChatMessage[][]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of pages)
    for (const message of page) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => Date.parse(a.sent_at) - Date.parse(b.sent_at) || a.id - b.id);
}
