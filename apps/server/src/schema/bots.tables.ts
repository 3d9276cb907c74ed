import type { BotChannel, BotKeywordReply } from '@vendaval/core/schemas/bots';
import type { TemplateComponent } from '@vendaval/core/schemas/chat';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** A digital employee: the bot a workspace talks to contacts through, on one channel. */
export const bots = pgTable(
  'bots',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    channel: text('channel').$type<BotChannel>().notNull(),
    active: boolean('active').notNull().default(true),
    keepBotOnDialog: boolean('keep_bot_on_dialog').notNull().default(false),
    /** Sent by the bot when it opens a room for a new inbound contact. */
    greeting: text('greeting'),
    keywordReplies: jsonb('keyword_replies').$type<BotKeywordReply[]>().notNull().default([]),
    // WhatsApp Cloud API account of a `whatsapp_cloud` bot. The three secrets are write-only.
    waPhoneNumberId: text('wa_phone_number_id'),
    waBusinessAccountId: text('wa_business_account_id'),
    waAccessToken: text('wa_access_token'),
    waAppSecret: text('wa_app_secret'),
    waVerifyToken: text('wa_verify_token'),
    ...timestamps(),
  },
  (t) => [
    index('bots_scope_idx').on(t.platformId, t.workspaceId, t.id),
    // One Cloud API phone number is one bot of the platform.
    uniqueIndex('bots_scope_wa_phone_number_uq').on(t.platformId, t.waPhoneNumberId),
  ],
);

/**
 * The message templates of a bot's account, as last synced (PUT /bots/{bid}/meta-templates), submitted from here
 * (POST) or reported by Meta's status webhook.
 */
export const botTemplates = pgTable(
  'bot_templates',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull(),
    category: text('category'),
    components: jsonb('components').$type<TemplateComponent[]>().notNull(),
    /** The template's id at Meta, which the status webhook names. */
    metaId: text('meta_id'),
    /** Meta's reason code when it rejected or paused the template. */
    rejectedReason: text('rejected_reason'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bot_templates_scope_name_uq').on(t.platformId, t.workspaceId, t.botId, t.name, t.language),
  ],
);
