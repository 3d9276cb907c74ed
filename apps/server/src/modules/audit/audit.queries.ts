import type { WorkspaceLogType } from '@vendaval/core/constants';
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../infra/db.ts';
import { type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { platformLogs, workspaceLogs } from '../../schema/audit.tables.ts';
import { users } from '../../schema/users.tables.ts';

export interface WorkspaceLogInsert {
  type: WorkspaceLogType;
  actorId: number | null;
  subjectUserId?: number | null;
  data?: Record<string, unknown>;
}

export async function insertWorkspaceLog(db: DbOrTx, scope: Scope, log: WorkspaceLogInsert) {
  await db
    .insert(workspaceLogs)
    .values({ platformId: scope.platformId, workspaceId: scope.workspaceId, ...log, data: log.data ?? {} });
}

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');

/** Logs about the workspace itself (`about: 'workspace'`) or about its people (`about: 'users'`), newest first. */
export async function listWorkspaceLogs(
  db: DbOrTx,
  scope: Scope,
  about: 'workspace' | 'users',
  page: { limit: number; offset: number; userId?: number | undefined },
) {
  const where = and(
    eq(workspaceLogs.platformId, scope.platformId),
    eq(workspaceLogs.workspaceId, scope.workspaceId),
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
        actorName: actor.name,
        subjectUserId: workspaceLogs.subjectUserId,
        subjectName: subject.name,
      })
      .from(workspaceLogs)
      .leftJoin(actor, tenantJoin(actor, workspaceLogs, eq(actor.id, workspaceLogs.actorId)))
      .leftJoin(subject, tenantJoin(subject, workspaceLogs, eq(subject.id, workspaceLogs.subjectUserId)))
      .where(where)
      .orderBy(desc(workspaceLogs.createdAt), desc(workspaceLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(workspaceLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertPlatformLog(db: DbOrTx, log: typeof platformLogs.$inferInsert) {
  await db.insert(platformLogs).values(log);
}

export async function listPlatformLogs(
  db: DbOrTx,
  platformId: number,
  page: { limit: number; offset: number },
) {
  const where: SQL = eq(platformLogs.platformId, platformId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: platformLogs.id,
        type: platformLogs.type,
        data: platformLogs.data,
        createdAt: platformLogs.createdAt,
        actorId: platformLogs.actorId,
        actorName: actor.name,
      })
      .from(platformLogs)
      .leftJoin(actor, tenantJoin(actor, platformLogs, eq(actor.id, platformLogs.actorId)))
      .where(where)
      .orderBy(desc(platformLogs.createdAt), desc(platformLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(platformLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
