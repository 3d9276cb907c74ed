import { asc, eq } from 'drizzle-orm';
import type { ChannelAdapter, InboundEvent } from '../../src/infra/channels/channel-adapter.ts';
import type { DomainEvent } from '../../src/infra/events.ts';
import { channelBot } from '../../src/modules/bots/bots.service.ts';
import { receiveInbound } from '../../src/modules/chat/chat.inbound.ts';
import { DEFAULT_PLATFORM_ID } from '../../src/modules/platform/platform.profiles.ts';
import { chatMessages, dialogs } from '../../src/schema/chat.tables.ts';
import { cardsWorld, type World } from './cards.ts';

export interface ChatWorld extends World {
  /** The sandbox bot of a demo workspace. */
  botId(workspaceId: number): Promise<number>;
  /** A contact's message to a workspace's sandbox bot, through the inbound path. */
  inbound(
    workspaceId: number,
    event: Partial<Extract<InboundEvent, { kind: 'message' }>> & { from: string },
  ): Promise<void>;
  status(workspaceId: number, event: Omit<Extract<InboundEvent, { kind: 'status' }>, 'kind'>): Promise<void>;
  /** Rooms of a number, oldest first, and each room's messages in order. */
  roomsOf(
    phone: string,
  ): Promise<(typeof dialogs.$inferSelect & { messages: (typeof chatMessages.$inferSelect)[] })[]>;
  /** Waits until no message waits for its send job: every one is sent or failed. */
  sent(timeoutMs?: number): Promise<void>;
  /** Every domain event published since the world was built. */
  published: DomainEvent[];
}

/**
 * Watches what the sandbox channel is asked to send, through `real`: the templates, in order, of the messages to
 * `phone` (to every number without one). The test puts `real` back afterwards.
 */
export function watchSandboxTemplates(w: ChatWorld, real: ChannelAdapter, phone?: string): unknown[] {
  const digits = (value: string) => value.replace(/\D/g, '');
  const seen: unknown[] = [];
  w.t.app.deps.channels.sandbox = {
    ...real,
    send: async (bot, message) => {
      if (!phone || digits(message.to) === digits(phone)) seen.push(message.template);
      return real.send(bot, message);
    },
  };
  return seen;
}

let remoteIds = 0;
export const nextRemoteId = () => `wamid.test-${++remoteIds}`;

export async function chatWorld(): Promise<ChatWorld> {
  const w = await cardsWorld();
  const { db } = w.t.database;
  const deps = w.t.app.deps;
  const published: DomainEvent[] = [];
  deps.events.subscribe(async (_tx, event) => void published.push(event));
  const scopeOf = (workspaceId: number) => ({ platformId: DEFAULT_PLATFORM_ID, workspaceId });
  const botId = async (workspaceId: number) => {
    const res = await w.call('admin', 'GET', workspaceId, 'bots');
    const bot = (res.json().data as { id: number; channel: string }[]).find((b) => b.channel === 'sandbox');
    if (!bot) throw new Error('no sandbox bot');
    return bot.id;
  };
  const botOf = async (workspaceId: number) => channelBot(db, scopeOf(workspaceId), await botId(workspaceId));
  const sent = async (timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [waiting] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.status, 'pending'))
        .limit(1);
      if (!waiting) return;
      if (Date.now() > until) throw new Error(`message ${waiting.id} is still pending`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    ...w,
    published,
    botId,
    async inbound(workspaceId, event) {
      await receiveInbound(deps, await botOf(workspaceId), {
        kind: 'message',
        remoteId: nextRemoteId(),
        sentAt: new Date(),
        ...event,
      });
      await sent();
    },
    sent,
    async status(workspaceId, event) {
      await receiveInbound(deps, await botOf(workspaceId), { kind: 'status', ...event });
    },
    async roomsOf(phone) {
      const rooms = await db
        .select()
        .from(dialogs)
        .where(eq(dialogs.phoneNumber, phone))
        .orderBy(asc(dialogs.id));
      const result = [];
      for (const room of rooms) {
        const messages = await db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.dialogId, room.id))
          .orderBy(asc(chatMessages.id));
        result.push({ ...room, messages });
      }
      return result;
    },
  };
}
