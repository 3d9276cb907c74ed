import type { DialogMediaType } from '@vendaval/core/schemas/bots';
import type { MessageSender, MessageStatus } from '@vendaval/core/schemas/chat';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bots } from './bots.tables.ts';
import { opportunities } from './opportunities.tables.ts';
import { users } from './users.tables.ts';
import { workspaceOwned } from './workspace-owned-columns.ts';

/** A chat room: one bot talking to the contact of one card, owned by an attendant. Open while closed_at is null. */
export const dialogs = pgTable(
  'dialogs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...workspaceOwned(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The contact's phone, E.164 digits without '+', as the channel addresses it. */
    phoneNumber: text('phone_number').notNull(),
    mediaType: text('media_type').$type<DialogMediaType>().notNull(),
    keepBotOnDialog: boolean('keep_bot_on_dialog').notNull().default(false),
    /** When the contact last wrote: WhatsApp's 24-hour customer-service window runs from here. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dialogs_scope_opportunity_idx').on(t.platformId, t.workspaceId, t.opportunityId, t.id),
    index('dialogs_scope_last_message_idx').on(t.platformId, t.workspaceId, t.lastMessageAt),
    // The omnichannel list: newest message first, rooms without one last.
    index('dialogs_scope_recent_idx').on(
      t.platformId,
      t.workspaceId,
      t.lastMessageAt.desc().nullsLast(),
      t.id.desc(),
    ),
    // Inbound messages find the open room of a number on a bot.
    index('dialogs_bot_phone_idx').on(t.botId, t.phoneNumber, t.closedAt),
  ],
);

/** A message of a room, from the contact, an attendant or the bot. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...workspaceOwned(),
    dialogId: bigint('dialog_id', { mode: 'number' })
      .notNull()
      .references(() => dialogs.id, { onDelete: 'cascade' }),
    /** The channel's id: stored before the message counts as sent, and the key that dedupes inbound webhooks. */
    remoteId: text('remote_id'),
    sender: text('sender').$type<MessageSender>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    botName: text('bot_name'),
    message: text('message'),
    header: text('header'),
    footer: text('footer'),
    /** Storage key of the attached file, its type as checked from the bytes, and the name it was sent with. */
    fileKey: text('file_key'),
    fileMime: text('file_mime'),
    fileName: text('file_name'),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<MessageStatus>().notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    errorMessage: text('error_message'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set (and committed) just before the channel is called, cleared with the outcome. A pending message with it
     * set was interrupted while the channel had it, and the channel may have taken it: it is never sent again.
     */
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_scope_dialog_idx').on(t.platformId, t.workspaceId, t.dialogId, t.sentAt),
    uniqueIndex('chat_messages_scope_dialog_remote_uq').on(t.platformId, t.dialogId, t.remoteId),
    // Status callbacks and repeated deliveries name a message by the channel's id alone.
    index('chat_messages_scope_remote_idx').on(t.platformId, t.remoteId),
  ],
);
