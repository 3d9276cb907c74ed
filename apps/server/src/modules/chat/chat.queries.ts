import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { dialogs as d, chatMessages as m } from './chat.tables.ts';

export type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
export type DialogRow = typeof d.$inferSelect;
export type DialogInsert = Omit<typeof d.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;
export type MessageRow = typeof m.$inferSelect;
export type MessageInsert = Omit<typeof m.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

const dialogScope = (scope: Scope) =>
  and(eq(d.platformId, scope.platformId), eq(d.workspaceId, scope.workspaceId));
const messageScope = (scope: Scope) =>
  and(eq(m.platformId, scope.platformId), eq(m.workspaceId, scope.workspaceId));

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
    .set({ unreadCount: sql`${d.unreadCount} + 1`, lastMessageAt: at, lastInboundAt: at })
    .where(and(dialogScope(scope), eq(d.id, id)));
}

export async function noteOutbound(tx: DbOrTx, scope: Scope, id: number, at: Date) {
  await tx
    .update(d)
    .set({ lastMessageAt: at })
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

/** A message of one of the bot's rooms, by the channel's id, with its room. */
export async function findMessageOfBot(db: DbOrTx, scope: Scope, botId: number, remoteId: string) {
  const [row] = await db
    .select({ message: m, dialog: d })
    .from(m)
    .innerJoin(d, and(eq(d.platformId, m.platformId), eq(d.id, m.dialogId)))
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
