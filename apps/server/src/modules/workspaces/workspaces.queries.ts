import type { WorkspaceLogType } from '@vendaval/core/constants';
import type { WorkspaceSettings } from '@vendaval/core/schemas/workspaces';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { workspaceLogs, workspaces } from './workspaces.tables.ts';

export type WorkspaceRow = typeof workspaces.$inferSelect;

export function workspacesByIds(db: DbOrTx, platformId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.platformId, platformId), inArray(workspaces.id, ids)))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
}

export async function findWorkspace(db: DbOrTx, platformId: number, workspaceId: number) {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.platformId, platformId), eq(workspaces.id, workspaceId)))
    .limit(1);
  return row;
}

export async function insertWorkspace(db: DbOrTx, values: typeof workspaces.$inferInsert) {
  const [row] = await db.insert(workspaces).values(values).returning();
  if (!row) throw new Error('workspace insert returned nothing');
  return row;
}

export async function updateWorkspace(
  db: DbOrTx,
  ctx: Pick<WorkspaceContext, 'platformId' | 'workspaceId'>,
  patch: { name?: string; settings?: WorkspaceSettings },
) {
  const [row] = await db
    .update(workspaces)
    .set(patch)
    .where(and(eq(workspaces.platformId, ctx.platformId), eq(workspaces.id, ctx.workspaceId)))
    .returning();
  return row;
}

export interface LogInsert {
  type: WorkspaceLogType;
  actorId: number | null;
  subjectUserId?: number | null;
  data?: Record<string, unknown>;
}

export async function insertLog(
  db: DbOrTx,
  ctx: Pick<WorkspaceContext, 'platformId' | 'workspaceId'>,
  log: LogInsert,
) {
  await db
    .insert(workspaceLogs)
    .values({ platformId: ctx.platformId, workspaceId: ctx.workspaceId, ...log, data: log.data ?? {} });
}

/** Logs about the workspace itself (`about: 'workspace'`) or about its people (`about: 'users'`). */
export async function listLogs(
  db: DbOrTx,
  ctx: WorkspaceContext,
  about: 'workspace' | 'users',
  page: { limit: number; offset: number; userId?: number | undefined },
) {
  const where = and(
    eq(workspaceLogs.platformId, ctx.platformId),
    eq(workspaceLogs.workspaceId, ctx.workspaceId),
    about === 'users' ? isNotNull(workspaceLogs.subjectUserId) : isNull(workspaceLogs.subjectUserId),
    page.userId ? eq(workspaceLogs.subjectUserId, page.userId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: workspaceLogs.id,
        type: workspaceLogs.type,
        data: workspaceLogs.data,
        createdAt: workspaceLogs.createdAt,
        actorId: workspaceLogs.actorId,
        subjectUserId: workspaceLogs.subjectUserId,
      })
      .from(workspaceLogs)
      .where(where)
      .orderBy(desc(workspaceLogs.createdAt), desc(workspaceLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(workspaceLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
