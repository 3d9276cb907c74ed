import { and, asc, eq } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { bots } from './bots.tables.ts';

export type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
export type BotRow = typeof bots.$inferSelect;

const inScope = (scope: Scope) =>
  and(eq(bots.platformId, scope.platformId), eq(bots.workspaceId, scope.workspaceId));

/** The workspace's active bots, oldest first. */
export function listActiveBots(db: DbOrTx, scope: Scope) {
  return db
    .select()
    .from(bots)
    .where(and(inScope(scope), eq(bots.active, true)))
    .orderBy(asc(bots.id));
}

export async function findBot(db: DbOrTx, scope: Scope, id: number): Promise<BotRow | null> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(inScope(scope), eq(bots.id, id)));
  return row ?? null;
}

export type BotInsert = Omit<typeof bots.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

export async function insertBot(db: DbOrTx, scope: Scope, values: BotInsert) {
  const [row] = await db
    .insert(bots)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('bot insert returned nothing');
  return row;
}
