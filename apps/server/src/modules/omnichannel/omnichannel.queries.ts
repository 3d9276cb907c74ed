import { and, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { dateBound } from '../../infra/date-bound.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { foldedContains, phoneDigitsOf } from '../../infra/search.ts';
import { type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { bots } from '../../schema/bots.tables.ts';
import { salesStages } from '../../schema/catalog.tables.ts';
import { chatMessages, dialogs as d } from '../../schema/chat.tables.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { opportunities as o } from '../../schema/opportunities.tables.ts';
import { users } from '../../schema/users.tables.ts';

export interface ConversationFilter {
  start?: string | undefined;
  end?: string | undefined;
  userIds: number[];
  stageIds: number[];
  hasChat: boolean;
  search?: string | undefined;
  /** A salesRep's own rooms only. */
  ownerId?: number | undefined;
}

/** The attendant of a room, or the card's owner while nobody has taken the room. */
const attendant = sql<number | null>`coalesce(${d.userId}, ${o.userId})`;

/** Only the card's latest room: the list has one line per card, and the card's chat shows every room. */
const latestRoomOfCard = sql`not exists (select 1 from dialogs newer where newer.platform_id = ${d.platformId}
  and newer.workspace_id = ${d.workspaceId} and newer.opportunity_id = ${d.opportunityId} and newer.id > ${d.id})`;

function searchCondition(term: string): SQL | undefined {
  const digits = phoneDigitsOf(term);
  return or(
    foldedContains(o.name, term),
    foldedContains(contacts.name, term),
    digits ? sql`${d.phoneNumber} like ${`%${digits}%`}` : undefined,
  );
}

function conditions(scope: Scope, f: ConversationFilter) {
  return and(
    eq(d.platformId, scope.platformId),
    eq(d.workspaceId, scope.workspaceId),
    latestRoomOfCard,
    f.hasChat ? isNotNull(d.lastMessageAt) : undefined,
    f.start ? dateBound(d.lastMessageAt, f.start, 'start') : undefined,
    f.end ? dateBound(d.lastMessageAt, f.end, 'end') : undefined,
    f.userIds.length ? inArray(attendant, f.userIds) : undefined,
    f.stageIds.length ? inArray(o.salesStageId, f.stageIds) : undefined,
    f.ownerId !== undefined ? sql`${attendant} = ${f.ownerId}` : undefined,
    f.search ? searchCondition(f.search) : undefined,
  );
}

const cardOfRoom = tenantJoin(o, d, eq(o.id, d.opportunityId));
const contactOfCard = tenantJoin(contacts, o, eq(contacts.id, o.contactId));

const lastMessage = sql<{
  message: string | null;
  sender: string;
  file_mime: string | null;
  sent_at: string;
} | null>`(
  select json_build_object('message', m.message, 'sender', m.sender, 'file_mime', m.file_mime,
    'sent_at', to_char(m.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'is_deleted', m.is_deleted)
  from ${chatMessages} m
  where m.platform_id = ${d.platformId} and m.workspace_id = ${d.workspaceId} and m.dialog_id = ${d.id}
  order by m.sent_at desc, m.id desc limit 1)`;

/** A page of the workspace's conversations, the most recent message first, with the total. */
export async function listConversations(
  db: DbOrTx,
  scope: Scope,
  f: ConversationFilter,
  page: { limit: number; offset: number },
) {
  const where = conditions(scope, f);
  const rows = await db
    .select({
      room: d,
      cardName: o.name,
      stage: { id: salesStages.id, name: salesStages.name, color: salesStages.color },
      userName: users.name,
      botName: bots.name,
      lastMessage,
    })
    .from(d)
    .innerJoin(o, cardOfRoom)
    .leftJoin(contacts, contactOfCard)
    .innerJoin(salesStages, tenantJoin(salesStages, o, eq(salesStages.id, o.salesStageId)))
    .innerJoin(bots, tenantJoin(bots, d, eq(bots.id, d.botId)))
    .leftJoin(users, tenantJoin(users, d, eq(users.id, d.userId)))
    .where(where)
    .orderBy(sql`${d.lastMessageAt} desc nulls last`, desc(d.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(d)
    .innerJoin(o, cardOfRoom)
    .leftJoin(contacts, contactOfCard)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}
