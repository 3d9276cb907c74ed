import { MESSAGES } from '@vendaval/core/messages';
import { canSeeAllUsers } from '@vendaval/core/permissions';
import type { AuthContext, WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { forbidden } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import * as q from './audit.queries.ts';

// The workspace's and the brand's logs. Every feature writes here through these calls; this module calls none back.

/** Written in the caller's transaction, signed by whoever asked. */
export const recordLog = (tx: DbOrTx, ctx: WorkspaceContext, log: Omit<q.WorkspaceLogInsert, 'actorId'>) =>
  q.insertWorkspaceLog(tx, ctx, { ...log, actorId: ctx.userId });

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

/** The workspace's log (`about: 'workspace'`) or its people's (`about: 'users'`), for those who see every user. */
export async function listWorkspaceLogs(
  db: Db,
  ctx: WorkspaceContext,
  about: 'workspace' | 'users',
  page: { limit: number; offset: number; user_id?: number | undefined },
) {
  if (!canSeeAllUsers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  const { rows, total } = await q.listWorkspaceLogs(db, ctx, about, { ...page, userId: page.user_id });
  const data = rows.map((r) => ({
    id: r.id,
    type: r.type,
    actor: person(r.actorId, r.actorName),
    subject_user: person(r.subjectUserId, r.subjectName),
    data: r.data,
    created_at: r.createdAt.toISOString(),
  }));
  return pageOf(data, total, page.limit, page.offset);
}

/** A change of the platform itself (its brand), written in the caller's transaction. */
export const recordPlatformLog = (
  tx: DbOrTx,
  auth: AuthContext,
  type: string,
  data: Record<string, unknown>,
) => q.insertPlatformLog(tx, { platformId: auth.platformId, actorId: auth.userId, type, data });

/** The platform's log, newest first; the caller checks who may read it. */
export async function listPlatformLogs(db: Db, platformId: number, page: { limit: number; offset: number }) {
  const { rows, total } = await q.listPlatformLogs(db, platformId, page);
  const data = rows.map((r) => ({
    id: r.id,
    type: r.type,
    actor: person(r.actorId, r.actorName),
    subject_user: null,
    data: r.data,
    created_at: r.createdAt.toISOString(),
  }));
  return pageOf(data, total, page.limit, page.offset);
}
