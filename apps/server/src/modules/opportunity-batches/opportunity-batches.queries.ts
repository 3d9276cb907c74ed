import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { opportunityBatches as b } from '../../schema/opportunity-batches.tables.ts';

export type BatchRow = typeof b.$inferSelect;
export type BatchInsert = Omit<typeof b.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

const inScope = (scope: Scope, id: string) =>
  and(eq(b.platformId, scope.platformId), eq(b.workspaceId, scope.workspaceId), eq(b.id, id));

export async function insertBatch(db: DbOrTx, scope: Scope, row: BatchInsert) {
  const [created] = await db
    .insert(b)
    .values({ ...row, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!created) throw new Error('opportunity batch not inserted');
  return created;
}

export async function findBatch(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db.select().from(b).where(inScope(scope, id));
  return row;
}

/** A batch of the workspace started by this user, or undefined. */
export async function findOwnBatch(db: DbOrTx, scope: Scope, userId: number, id: string) {
  const [row] = await db
    .select()
    .from(b)
    .where(and(inScope(scope, id), eq(b.userId, userId)));
  return row;
}

export interface PageDone {
  processed: number;
  changed: number;
  lastId: number;
}

/** Counts a finished page and moves the cursor past it, in the page's own transaction. */
export async function addPage(db: DbOrTx, scope: Scope, id: string, page: PageDone) {
  await db
    .update(b)
    .set({
      status: 'running',
      processed: sql`${b.processed} + ${page.processed}`,
      changed: sql`${b.changed} + ${page.changed}`,
      skipped: sql`${b.skipped} + ${page.processed - page.changed}`,
      lastId: page.lastId,
      updatedAt: sql`now()`,
    })
    .where(inScope(scope, id));
}

export async function finishBatch(db: DbOrTx, scope: Scope, id: string, status: 'done' | 'failed') {
  await db.update(b).set({ status, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(inScope(scope, id));
}
