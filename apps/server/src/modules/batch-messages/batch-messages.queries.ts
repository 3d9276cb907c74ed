import type { BatchMessageStatus, BatchRecipientStatus } from '@vendaval/core/schemas/batch-messages';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import { type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { batchMessages as b, batchMessageRecipients as r } from '../../schema/batch-messages.tables.ts';
import { bots } from '../../schema/bots.tables.ts';

export type BatchRow = typeof b.$inferSelect;
export type BatchInsert = Omit<typeof b.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;
export type RecipientRow = typeof r.$inferSelect;
export type RecipientInsert = Omit<typeof r.$inferInsert, 'id' | 'platformId' | 'workspaceId' | 'batchId'>;
export type RecipientPatch = Partial<Omit<RecipientInsert, 'opportunityId' | 'phoneNumber'>>;

/** Rows per insert statement: PostgreSQL takes at most 65,535 parameters in one. */
const INSERT_CHUNK = 1000;

const batchInScope = (scope: Scope, id: number) =>
  and(eq(b.platformId, scope.platformId), eq(b.workspaceId, scope.workspaceId), eq(b.id, id));

const recipientsOf = (scope: Scope, batchId: number) =>
  and(eq(r.platformId, scope.platformId), eq(r.workspaceId, scope.workspaceId), eq(r.batchId, batchId));

const botOfBatch = tenantJoin(bots, b, eq(bots.id, b.botId));

export async function insertBatch(db: DbOrTx, scope: Scope, values: BatchInsert) {
  const [row] = await db
    .insert(b)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('batch insert returned nothing');
  return row;
}

export async function insertRecipients(db: DbOrTx, scope: Scope, batchId: number, rows: RecipientInsert[]) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insert(r)
      .values(
        rows
          .slice(start, start + INSERT_CHUNK)
          .map((row) => ({ ...row, platformId: scope.platformId, workspaceId: scope.workspaceId, batchId })),
      );
  }
}

export async function listBatches(db: DbOrTx, scope: Scope, page: { limit: number; offset: number }) {
  const where = and(eq(b.platformId, scope.platformId), eq(b.workspaceId, scope.workspaceId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ batch: b, botName: bots.name })
      .from(b)
      .leftJoin(bots, botOfBatch)
      .where(where)
      .orderBy(desc(b.createdAt), desc(b.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(b).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One batch of the workspace with its bot's name. */
export async function findBatchView(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({ batch: b, botName: bots.name })
    .from(b)
    .leftJoin(bots, botOfBatch)
    .where(batchInScope(scope, id));
  return row;
}
export type BatchView = NonNullable<Awaited<ReturnType<typeof findBatchView>>>;

/** One batch; with `lock`, held until the transaction ends (one small batch of sends at a time). */
export async function findBatch(db: DbOrTx, scope: Scope, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(b).where(batchInScope(scope, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export function listRecipients(db: DbOrTx, scope: Scope, batchId: number, ownerId?: number) {
  return db
    .select()
    .from(r)
    .where(and(recipientsOf(scope, batchId), ownerId === undefined ? undefined : eq(r.cardUserId, ownerId)))
    .orderBy(asc(r.id))
    .limit(500);
}

/** The next recipients waiting, in order. */
export function pendingRecipients(db: DbOrTx, scope: Scope, batchId: number, limit: number) {
  return db
    .select()
    .from(r)
    .where(and(recipientsOf(scope, batchId), eq(r.status, 'pending')))
    .orderBy(asc(r.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The jobs that stored the messages of the recipients still 'sending'. */
export async function sendingClaimers(db: DbOrTx, scope: Scope, batchId: number) {
  const rows = await db
    .selectDistinct({ claimedBy: r.claimedBy })
    .from(r)
    .where(and(recipientsOf(scope, batchId), eq(r.status, 'sending'), isNotNull(r.claimedBy)));
  return rows.flatMap((row) => (row.claimedBy ? [row.claimedBy] : []));
}

/** Recipients left 'sending' by the given jobs (or by a run that named none), to finish. */
export function orphanedRecipients(
  db: DbOrTx,
  scope: Scope,
  batchId: number,
  jobIds: string[],
  limit: number,
) {
  return db
    .select()
    .from(r)
    .where(
      and(
        recipientsOf(scope, batchId),
        eq(r.status, 'sending'),
        or(isNull(r.claimedBy), inArray(r.claimedBy, jobIds)),
      ),
    )
    .orderBy(asc(r.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Moves a recipient on only from the status it is expected in: a second delivery of the job changes nothing. */
export async function moveRecipient(
  db: DbOrTx,
  scope: Scope,
  id: number,
  from: BatchRecipientStatus,
  patch: RecipientPatch,
) {
  const [row] = await db
    .update(r)
    .set(patch)
    .where(
      and(
        eq(r.platformId, scope.platformId),
        eq(r.workspaceId, scope.workspaceId),
        eq(r.id, id),
        eq(r.status, from),
      ),
    )
    .returning();
  return row;
}

export async function updateBatch(db: DbOrTx, scope: Scope, id: number, patch: Partial<BatchInsert>) {
  const [row] = await db
    .update(b)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(batchInScope(scope, id))
    .returning();
  return row;
}

/** Recounts the batch from its recipients, so the counters never drift from the rows. */
export async function recount(db: DbOrTx, scope: Scope, id: number) {
  const rows = await db
    .select({ status: r.status, n: count() })
    .from(r)
    .where(recipientsOf(scope, id))
    .groupBy(r.status);
  const of = (status: BatchRecipientStatus) => rows.find((x) => x.status === status)?.n ?? 0;
  await db
    .update(b)
    .set({ sent: of('sent'), failed: of('failed'), skipped: of('skipped'), updatedAt: sql`now()` })
    .where(batchInScope(scope, id));
}

export async function cancelPending(db: DbOrTx, scope: Scope, batchId: number) {
  await db
    .update(r)
    .set({ status: 'cancelled' })
    .where(and(recipientsOf(scope, batchId), eq(r.status, 'pending')));
}

/** Whether any recipient is still waiting or being sent (by this job or another). */
export async function hasUnfinished(db: DbOrTx, scope: Scope, batchId: number) {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(recipientsOf(scope, batchId), inArray(r.status, ['pending', 'sending'])))
    .limit(1);
  return row !== undefined;
}

export const isFinished = (status: BatchMessageStatus) => status === 'cancelled' || status === 'completed';
