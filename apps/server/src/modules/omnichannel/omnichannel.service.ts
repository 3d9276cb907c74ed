import { MESSAGES } from '@vendaval/core/messages';
import type { Conversation, MessageSender, omnichannelQuerySchema } from '@vendaval/core/schemas/chat';
import type { z } from 'zod';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { badRequest } from '../../infra/errors.ts';
import { type Page, pageOf } from '../../infra/pagination.ts';
import * as q from './omnichannel.queries.ts';

export type OmnichannelQuery = z.infer<typeof omnichannelQuerySchema>;

function checkedDate(value: string | undefined, field: string) {
  if (value !== undefined && Number.isNaN(Date.parse(value))) throw badRequest(MESSAGES.invalidDate, field);
  return value || undefined;
}

function toConversation(row: Awaited<ReturnType<typeof q.listConversations>>['rows'][number]): Conversation {
  const { room } = row;
  const last = row.lastMessage;
  return {
    id: room.id,
    closed_at: room.closedAt?.toISOString() ?? null,
    user_id: room.userId,
    user_name: row.userName,
    bot_id: room.botId,
    bot_name: row.botName,
    media_type: room.mediaType,
    keep_bot_on_dialog: room.keepBotOnDialog,
    opportunity: { id: room.opportunityId, name: row.cardName },
    phone_number: room.phoneNumber,
    last_message_at: room.lastMessageAt?.toISOString() ?? null,
    unread_count: room.unreadCount,
    created_at: room.createdAt.toISOString(),
    sales_stage: row.stage,
    last_message: last
      ? {
          message: (last as { is_deleted?: boolean }).is_deleted ? null : last.message,
          sender: last.sender as MessageSender,
          file_mime: last.file_mime,
          sent_at: last.sent_at,
        }
      : null,
  };
}

/**
 * The omnichannel list (platform.md §3 "Omnichannel filter"): the latest room of each card, newest message
 * first, filtered by the time of that message, attendants, stages and a search; a salesRep sees only their own.
 */
export async function listConversations(
  db: DbOrTx,
  ctx: WorkspaceContext,
  query: OmnichannelQuery,
): Promise<Page<Conversation>> {
  const filter: q.ConversationFilter = {
    start: checkedDate(query.start_timestamp, 'start_timestamp'),
    end: checkedDate(query.end_timestamp, 'end_timestamp'),
    userIds: query.user_id ?? [],
    stageIds: query.sales_stage_id ?? [],
    hasChat: query.has_chat !== 'false',
    search: query.search?.trim() || undefined,
    ownerId: ctx.role === 'salesRep' ? ctx.userId : undefined,
  };
  const { rows, total } = await q.listConversations(db, ctx, filter, query);
  return pageOf(rows.map(toConversation), total, query.limit, query.offset);
}
