import type { MessageSender } from '@vendaval/core/schemas/chat';
import { bots } from '../bots/bots.tables.ts';
import { chatMessages, dialogs } from '../chat/chat.tables.ts';
import type { World } from '../opportunities/opportunities.fixtures.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';

const RH_PLATFORM_ID = 1;

/** Rooms and messages written directly: the list reads the chat's tables, whose writes belong to the chat. */
export function chatFixtures(w: World) {
  const db = w.t.database.db;
  const scopeOf = (workspaceId: number) => ({
    platformId: workspaceId === w.recrutamento ? RH_PLATFORM_ID : DEFAULT_PLATFORM_ID,
    workspaceId,
  });
  const botIds = new Map<number, number>();
  const botOf = async (workspaceId: number) => {
    const known = botIds.get(workspaceId);
    if (known) return known;
    const [bot] = await db
      .insert(bots)
      .values({ ...scopeOf(workspaceId), name: 'Robô da Escola', channel: 'sandbox' })
      .returning();
    if (!bot) throw new Error('bot insert returned nothing');
    botIds.set(workspaceId, bot.id);
    return bot.id;
  };
  return {
    botOf,
    /** The demo's own conversations out of the way, so a test lists exactly the rooms it wrote. */
    async clearRooms() {
      await db.delete(dialogs);
    },
    async room(
      workspaceId: number,
      card: { id: number; user_id: number | null },
      options: {
        userId?: number | null;
        phone?: string;
        unread?: number;
        messages?: { text: string | null; at: string; sender?: MessageSender; deleted?: boolean }[];
      } = {},
    ) {
      const messages = options.messages ?? [];
      const last = messages.at(-1);
      const [room] = await db
        .insert(dialogs)
        .values({
          ...scopeOf(workspaceId),
          opportunityId: card.id,
          botId: await botOf(workspaceId),
          userId: options.userId === undefined ? card.user_id : options.userId,
          phoneNumber: options.phone ?? '5511987650000',
          mediaType: 'WhatsappQrcode',
          unreadCount: options.unread ?? 0,
          lastMessageAt: last ? new Date(last.at) : null,
        })
        .returning();
      if (!room) throw new Error('room insert returned nothing');
      for (const m of messages) {
        await db.insert(chatMessages).values({
          ...scopeOf(workspaceId),
          dialogId: room.id,
          sender: m.sender ?? 'contact',
          message: m.text,
          status: 'Delivered',
          isDeleted: m.deleted ?? false,
          sentAt: new Date(m.at),
        });
      }
      return room.id;
    },
  };
}
