import type { BatchMessageStatus, BatchRecipientStatus } from '@vendaval/core/schemas/batch-messages';
import type { TemplateSend } from '@vendaval/core/schemas/chat';
import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import type { BatchPlaceholderValues } from '@vendaval/core/template-variables';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bots } from './bots.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** One batch: a template sent through a bot to the cards a filter found, and its progress. */
export const batchMessages = pgTable(
  'batch_messages',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    /** Who created it: the messages go out in their name. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    template: jsonb('template').$type<TemplateSend>().notNull(),
    message: text('message'),
    header: text('header'),
    footer: text('footer'),
    filter: jsonb('filter').$type<OpportunityFilter>().notNull(),
    status: text('status').$type<BatchMessageStatus>().notNull().default('scheduled'),
    total: integer('total').notNull(),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('batch_messages_scope_idx').on(t.platformId, t.workspaceId, t.createdAt)],
);

/** One phone a batch reaches: sent at most once, whatever the job's retries. */
export const batchMessageRecipients = pgTable(
  'batch_message_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...workspaceOwned(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batchMessages.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id').notNull(),
    /** The card's responsible when the batch was created: a salesRep reads only their own recipients. */
    cardUserId: integer('card_user_id'),
    phoneNumber: text('phone_number').notNull(),
    status: text('status').$type<BatchRecipientStatus>().notNull().default('pending'),
    error: text('error'),
    /** The placeholders' values the message was sent with. */
    values: jsonb('values').$type<BatchPlaceholderValues>(),
    dialogId: integer('dialog_id'),
    /** The room's message, stored before the channel is called: a retry finds it instead of sending again. */
    messageId: integer('message_id'),
    remoteId: text('remote_id'),
    /** When a job stored its message. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The job that stored it: once that job is no longer running, a recipient left 'sending' is finished by another. */
    claimedBy: text('claimed_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('batch_message_recipients_phone_uq').on(t.platformId, t.batchId, t.phoneNumber),
    index('batch_message_recipients_scope_status_idx').on(
      t.platformId,
      t.workspaceId,
      t.batchId,
      t.status,
      t.id,
    ),
  ],
);
