import type { MessageSender } from '@vendaval/core/schemas/chat';
import { createDigitalEmployee } from '../../src/modules/bots/digital-employees.service.ts';
import { insertDialog, insertMessage } from '../../src/modules/chat/chat.queries.ts';
import { DEFAULT_PLATFORM_ID } from '../../src/modules/platform/platform.profiles.ts';
import type { World } from './cards.ts';

const RH_PLATFORM_ID = 1;

/** Rooms and messages as they stand, written with the chat's own queries on a digital employee of the workspace. */
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
    const admin = w.user[workspaceId === w.recrutamento ? 'rh' : 'admin'];
    const bot = await createDigitalEmployee(
      db,
      { ...scopeOf(workspaceId), userId: admin, role: 'admin' },
      {
        name: 'Robô da Escola',
        channel: 'sandbox',
        active: true,
        keep_bot_on_dialog: false,
        keyword_replies: [],
      },
    );
    botIds.set(workspaceId, bot.id);
    return bot.id;
  };
  return {
    botOf,
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
      const room = await insertDialog(db, scopeOf(workspaceId), {
        opportunityId: card.id,
        botId: await botOf(workspaceId),
        userId: options.userId === undefined ? card.user_id : options.userId,
        phoneNumber: options.phone ?? '5511987650000',
        mediaType: 'WhatsappQrcode',
        unreadCount: options.unread ?? 0,
        lastMessageAt: last ? new Date(last.at) : null,
      });
      for (const m of messages) {
        await insertMessage(db, scopeOf(workspaceId), {
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
