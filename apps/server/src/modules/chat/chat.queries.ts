import { and, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../infra/db.ts';
import { preparedPerDb } from '../../infra/prepared.ts';
import { type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { bots } from '../../schema/bots.tables.ts';
import { dialogs as d, chatMessages as m } from '../../schema/chat.tables.ts';
import { opportunities as o } from '../../schema/opportunities.tables.ts';
import { users } from '../../schema/users.tables.ts';

export type DialogRow = typeof d.$inferSelect;
export type DialogInsert = Omit<typeof d.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;
export type MessageRow = typeof m.$inferSelect;
export type MessageInsert = Omit<typeof m.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

const dialogScope = (scope: Scope) =>
  and(eq(d.platformId, scope.platformId), eq(d.workspaceId, scope.workspaceId));
const messageScope = (scope: Scope) =>
  and(eq(m.platformId, scope.platformId), eq(m.workspaceId, scope.workspaceId));

const placeholders = {
  platformId: sql.placeholder('platformId'),
  workspaceId: sql.placeholder('workspaceId'),
  dialogId: sql.placeholder('dialogId'),
};

/** Serialises the inbound work of one number on one bot until the transaction ends (dedup, room opening). */
export async function lockContactLine(tx: DbOrTx, botId: number, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat-line:${botId}:${phone}`}, 0))`);
}

// ---- rooms --------------------------------------------------------------------------------------------

export async function insertDialog(tx: DbOrTx, scope: Scope, values: DialogInsert) {
  const [row] = await tx
    .insert(d)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('dialog insert returned nothing');
  return row;
}

export async function findDialog(db: DbOrTx, scope: Scope, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(d)
    .where(and(dialogScope(scope), eq(d.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The open room of a number on a bot. */
export async function findOpenDialogOfLine(db: DbOrTx, scope: Scope, botId: number, phone: string) {
  const [row] = await db
    .select()
    .from(d)
    .where(and(dialogScope(scope), eq(d.botId, botId), eq(d.phoneNumber, phone), isNull(d.closedAt)))
    .orderBy(desc(d.id))
    .limit(1);
  return row;
}

export async function updateDialog(tx: DbOrTx, scope: Scope, id: number, patch: Partial<DialogInsert>) {
  const [row] = await tx
    .update(d)
    .set(patch)
    .where(and(dialogScope(scope), eq(d.id, id)))
    .returning();
  return row;
}

/** A contact wrote: one more unread message, and the 24-hour window starts again. */
export async function noteInbound(tx: DbOrTx, scope: Scope, id: number, at: Date) {
  await tx
    .update(d)
    .set({
      unreadCount: sql`${d.unreadCount} + 1`,
      // A late delivery of an older message does not move the room's clock back.
      lastMessageAt: sql`greatest(${d.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
      lastInboundAt: sql`greatest(${d.lastInboundAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(dialogScope(scope), eq(d.id, id)));
}

export async function noteOutbound(tx: DbOrTx, scope: Scope, id: number, at: Date) {
  await tx
    .update(d)
    .set({ lastMessageAt: sql`greatest(${d.lastMessageAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(dialogScope(scope), eq(d.id, id)));
}

// ---- messages -----------------------------------------------------------------------------------------

/** Inserts a message; a repeated channel id in the same room inserts nothing and answers undefined. */
export async function insertMessage(tx: DbOrTx, scope: Scope, values: MessageInsert) {
  const [row] = await tx
    .insert(m)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateMessage(tx: DbOrTx, scope: Scope, id: number, patch: Partial<MessageInsert>) {
  const [row] = await tx
    .update(m)
    .set(patch)
    .where(and(messageScope(scope), eq(m.id, id)))
    .returning();
  return row;
}

// ---- the outbox: one send per pending message --------------------------------------------------------

const pendingMessage = (scope: Scope, id: number) =>
  and(messageScope(scope), eq(m.id, id), eq(m.status, 'pending'));

/** Marks a pending message as being handed to the channel; false when it is not pending or another send has it. */
export async function claimSend(db: DbOrTx, scope: Scope, id: number) {
  const rows = await db
    .update(m)
    .set({ sendStartedAt: sql`now()` })
    .where(and(pendingMessage(scope, id), isNull(m.sendStartedAt)))
    .returning({ id: m.id });
  return rows.length > 0;
}

/** The channel surely did not take it (a network error before an answer): a later attempt may send it. */
export async function releaseSend(db: DbOrTx, scope: Scope, id: number) {
  await db.update(m).set({ sendStartedAt: null }).where(pendingMessage(scope, id));
}

/** Records the outcome of a claimed send; undefined when the message was already settled. */
export async function settleSend(db: DbOrTx, scope: Scope, id: number, patch: Partial<MessageInsert>) {
  const [row] = await db
    .update(m)
    .set({ ...patch, sendStartedAt: null })
    .where(and(pendingMessage(scope, id), isNotNull(m.sendStartedAt)))
    .returning();
  return row;
}

/** A message of one of the bot's rooms, by the channel's id, with its room. */
export async function findMessageOfBot(db: DbOrTx, scope: Scope, botId: number, remoteId: string) {
  const [row] = await db
    .select({ message: m, dialog: d })
    .from(m)
    .innerJoin(d, tenantJoin(d, m, eq(d.id, m.dialogId)))
    .where(
      and(
        eq(m.platformId, scope.platformId),
        eq(m.remoteId, remoteId),
        eq(d.botId, botId),
        dialogScope(scope),
      ),
    )
    .orderBy(desc(m.id))
    .limit(1);
  return row;
}

// ---- what the API reads ---------------------------------------------------------------------------------

const dialogView = preparedPerDb((db: DbOrTx, _variant: 'one') =>
  db
    .select({
      dialog: d,
      botName: bots.name,
      userName: users.name,
      card: { id: o.id, name: o.name, userId: o.userId, contactId: o.contactId },
    })
    .from(d)
    .innerJoin(bots, tenantJoin(bots, d, eq(bots.id, d.botId)))
    .innerJoin(o, tenantJoin(o, d, eq(o.id, d.opportunityId)))
    .leftJoin(users, tenantJoin(users, d, eq(users.id, d.userId)))
    .where(
      and(
        eq(d.platformId, placeholders.platformId),
        eq(d.workspaceId, placeholders.workspaceId),
        eq(d.id, placeholders.dialogId),
      ),
    )
    .prepare('chat_dialog_view'),
);

/** A room with what its answer shows (bot, attendant, card) and the card's responsible for the access rule. */
export async function findDialogView(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await dialogView(db, 'one').execute({
    platformId: scope.platformId,
    workspaceId: scope.workspaceId,
    dialogId: id,
  });
  return row;
}
export type DialogView = NonNullable<Awaited<ReturnType<typeof findDialogView>>>;

/** Another open room of the card on this bot, or of the number on this bot, than `exceptId`. */
export async function findOpenRival(
  db: DbOrTx,
  scope: Scope,
  room: { botId: number; opportunityId: number; phoneNumber: string },
  exceptId?: number,
) {
  const same = sql`(${d.opportunityId} = ${room.opportunityId} or ${d.phoneNumber} = ${room.phoneNumber})`;
  const [row] = await db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        dialogScope(scope),
        eq(d.botId, room.botId),
        isNull(d.closedAt),
        same,
        exceptId === undefined ? undefined : ne(d.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** A newer open room of the card (any bot) than the given one. */
export async function findNewerOpenOfCard(db: DbOrTx, scope: Scope, opportunityId: number, id: number) {
  const [row] = await db
    .select({ id: d.id })
    .from(d)
    .where(
      and(dialogScope(scope), eq(d.opportunityId, opportunityId), isNull(d.closedAt), sql`${d.id} > ${id}`),
    )
    .limit(1);
  return row;
}

/** When the number last wrote to the bot, over all its rooms (the WhatsApp 24-hour window). */
export async function lastInboundOfLine(db: DbOrTx, scope: Scope, botId: number, phone: string) {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${d.lastInboundAt})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(d)
    .where(and(dialogScope(scope), eq(d.botId, botId), eq(d.phoneNumber, phone)));
  return row?.at ?? null;
}

/** Serialises room opening of one card on one bot until the transaction ends. */
export async function lockCardRooms(tx: DbOrTx, botId: number, opportunityId: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`chat-card:${botId}:${opportunityId}`}, 0))`,
  );
}

const parent = alias(m, 'parent');
const author = alias(users, 'author');
const parentAuthor = alias(users, 'parent_author');

const messageColumns = {
  message: m,
  userName: author.name,
  parent,
  parentUserName: parentAuthor.name,
};

/** Messages with their author and parent, and `total`: what the caller counts (nothing by default). */
function messagesWithParents(db: DbOrTx, total: SQL<number> = sql<number>`0`) {
  return db
    .select({ ...messageColumns, total: total.mapWith(Number) })
    .from(m)
    .leftJoin(author, tenantJoin(author, m, eq(author.id, m.userId)))
    .leftJoin(parent, tenantJoin(parent, m, eq(parent.id, m.parentId)))
    .leftJoin(parentAuthor, tenantJoin(parentAuthor, m, eq(parentAuthor.id, parent.userId)));
}

/**
 * A page of a room's messages, newest first, each with its author and the message it replies to, and the room's
 * total, in one statement (the hot poll path): the room index picks the page's ids, only those rows are joined,
 * and the total is an index-only count.
 */
const messagePage = preparedPerDb((db: DbOrTx, _variant: 'page') => {
  const inRoom = and(
    eq(m.platformId, placeholders.platformId),
    eq(m.workspaceId, placeholders.workspaceId),
    eq(m.dialogId, placeholders.dialogId),
  );
  const pageIds = db
    .select({ id: m.id })
    .from(m)
    .where(inRoom)
    .orderBy(desc(m.sentAt), desc(m.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return messagesWithParents(db, sql<number>`(select count(*) from ${m} where ${inRoom})`)
    .where(
      and(
        eq(m.platformId, placeholders.platformId),
        eq(m.workspaceId, placeholders.workspaceId),
        inArray(m.id, pageIds),
      ),
    )
    .orderBy(desc(m.sentAt), desc(m.id))
    .prepare('chat_message_page');
});

export async function listMessages(
  db: DbOrTx,
  scope: Scope,
  dialogId: number,
  page: { limit: number; offset: number },
) {
  const rows = await messagePage(db, 'page').execute({
    platformId: scope.platformId,
    workspaceId: scope.workspaceId,
    dialogId,
    limit: page.limit,
    offset: page.offset,
  });
  const total = rows[0]?.total ?? (page.offset > 0 ? await countMessages(db, scope, dialogId) : 0);
  return { rows, total };
}
export type MessageListRow = Awaited<ReturnType<typeof listMessages>>['rows'][number];

async function countMessages(db: DbOrTx, scope: Scope, dialogId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(m)
    .where(and(messageScope(scope), eq(m.dialogId, dialogId)));
  return row?.n ?? 0;
}

export async function findMessageView(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await messagesWithParents(db).where(and(messageScope(scope), eq(m.id, id)));
  return row;
}

export async function findMessageInDialog(
  db: DbOrTx,
  scope: Scope,
  dialogId: number,
  by: { id: number } | { remoteId: string },
) {
  const [row] = await db
    .select()
    .from(m)
    .where(
      and(
        messageScope(scope),
        eq(m.dialogId, dialogId),
        'id' in by ? eq(m.id, by.id) : eq(m.remoteId, by.remoteId),
      ),
    )
    .limit(1);
  return row;
}

/** The attendant read the room: its contact messages become Read and nothing is unread. */
export async function markRoomRead(tx: DbOrTx, scope: Scope, dialogId: number) {
  const read = await tx
    .update(m)
    .set({ status: 'Read' })
    .where(and(messageScope(scope), eq(m.dialogId, dialogId), eq(m.sender, 'contact'), ne(m.status, 'Read')))
    .returning({ id: m.id });
  await tx
    .update(d)
    .set({ unreadCount: 0 })
    .where(and(dialogScope(scope), eq(d.id, dialogId)));
  return read.length;
}

/** Closes every open room of a card; answers the rooms it closed. */
export function closeOpenDialogsOfCard(tx: DbOrTx, scope: Scope, opportunityId: number) {
  return tx
    .update(d)
    .set({ closedAt: new Date() })
    .where(and(dialogScope(scope), eq(d.opportunityId, opportunityId), isNull(d.closedAt)))
    .returning();
}

// ---- for the cards --------------------------------------------------------------------------------------

/** The rooms of some cards, newest first, with their bot's name. */
// ---- the simulator --------------------------------------------------------------------------------------

/** The rooms of a number on a bot, oldest first. */
export function listDialogsOfLine(db: DbOrTx, scope: Scope, botId: number, phone: string) {
  return db
    .select()
    .from(d)
    .where(and(dialogScope(scope), eq(d.botId, botId), eq(d.phoneNumber, phone)))
    .orderBy(d.id);
}

/** Every message of some rooms, oldest first, with the attendant's name. */
export function listMessagesOfDialogs(db: DbOrTx, scope: Scope, dialogIds: number[]) {
  return db
    .select({ message: m, userName: author.name })
    .from(m)
    .leftJoin(author, tenantJoin(author, m, eq(author.id, m.userId)))
    .where(and(messageScope(scope), inArray(m.dialogId, dialogIds)))
    .orderBy(m.sentAt, m.id);
}

/** Our messages to the number's rooms reach the phone: sent becomes Delivered, or Read when it is read. */
export async function advanceOutbound(
  tx: DbOrTx,
  scope: Scope,
  dialogIds: number[],
  to: 'Delivered' | 'Read',
) {
  const from = to === 'Read' ? ['sent', 'Delivered'] : ['sent'];
  return tx
    .update(m)
    .set({ status: to })
    .where(
      and(
        messageScope(scope),
        inArray(m.dialogId, dialogIds),
        ne(m.sender, 'contact'),
        inArray(m.status, from as never[]),
      ),
    )
    .returning({ id: m.id, dialogId: m.dialogId });
}
