import { MESSAGES } from '@vendaval/core/messages';
import { canAdministerPlatform, canManageMembers, canSeeAllUsers } from '@vendaval/core/permissions';
import type { Platform } from '@vendaval/core/schemas/platform';
import {
  DEFAULT_WORKSPACE_SETTINGS,
  type Workspace,
  type WorkspaceSettings,
} from '@vendaval/core/schemas/workspaces';
import type { AuthContext, WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { forbidden, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import { openSandboxBot } from '../bots/bots.service.ts';
import { createDefaultSalesStages } from '../catalog/catalog.service.ts';
import * as users from '../users/users.service.ts';
import * as q from './workspaces.queries.ts';

const toWorkspace = (row: q.WorkspaceRow, role: string): Workspace => ({
  id: row.id,
  name: row.name,
  role,
  settings: { ...DEFAULT_WORKSPACE_SETTINGS, ...row.settings },
  created_at: row.createdAt.toISOString(),
});

export const recordLog = (db: DbOrTx, ctx: WorkspaceContext, log: Omit<q.LogInsert, 'actorId'>) =>
  q.insertLog(db, ctx, { ...log, actorId: ctx.userId });

export async function workspacesOf(db: DbOrTx, auth: AuthContext): Promise<Workspace[]> {
  const memberships = await users.membershipsOf(db, auth);
  const roleOf = new Map(memberships.map((m) => [m.workspaceId, m.role]));
  const rows = await q.workspacesByIds(db, auth.platformId, [...roleOf.keys()]);
  return rows.map((row) => toWorkspace(row, roleOf.get(row.id) ?? ''));
}

export async function listSelfWorkspaces(db: Db, auth: AuthContext) {
  const data = await workspacesOf(db, auth);
  return pageOf(data, data.length, data.length, 0);
}

export async function getSelfWorkspace(db: DbOrTx, auth: AuthContext, workspaceId: number) {
  const membership = await users.findMembership(db, auth.platformId, workspaceId, auth.userId);
  const row = membership && (await q.findWorkspace(db, auth.platformId, workspaceId));
  if (!membership || !row) throw notFound(MESSAGES.notFound);
  return toWorkspace(row, membership.role);
}

/**
 * Someone holding an admin role in any workspace of the platform may open a new one and becomes its admin. It
 * starts with the default sales stages, so its board works at once.
 */
export async function createWorkspace(
  db: Db,
  auth: AuthContext,
  platform: Platform,
  body: { name: string; settings?: Partial<WorkspaceSettings> | undefined },
) {
  const memberships = await users.membershipsOf(db, auth);
  if (!canAdministerPlatform(memberships.map((m) => m.role))) throw forbidden(MESSAGES.forbidden);
  return db.transaction(async (tx) => {
    const workspace = await openWorkspace(tx, auth, body.name, body.settings);
    await createDefaultSalesStages(
      tx,
      { platformId: auth.platformId, workspaceId: workspace.id },
      platform.terms,
    );
    return workspace;
  });
}

/** A new workspace whose first member, as admin, is `owner`. */
export async function openWorkspace(
  tx: DbOrTx,
  owner: AuthContext,
  name: string,
  settings: Partial<WorkspaceSettings> = {},
) {
  const row = await q.insertWorkspace(tx, {
    platformId: owner.platformId,
    name,
    settings: { ...DEFAULT_WORKSPACE_SETTINGS, ...settings },
  });
  await users.addMember(tx, owner.platformId, row.id, owner.userId, 'admin');
  const ctx = { ...owner, workspaceId: row.id, role: 'admin' as const };
  await recordLog(tx, ctx, { type: 'WorkspaceCreated', data: { name } });
  await openSandboxBot(tx, ctx);
  return toWorkspace(row, 'admin');
}

export async function renameWorkspace(db: Db, auth: AuthContext, workspaceId: number, name: string) {
  const current = await getSelfWorkspace(db, auth, workspaceId);
  if (!canManageMembers(current.role)) throw forbidden(MESSAGES.forbidden);
  return db.transaction(async (tx) => {
    const ctx = { ...auth, workspaceId, role: current.role as WorkspaceContext['role'] };
    const row = await q.updateWorkspace(tx, ctx, { name });
    if (!row) throw notFound(MESSAGES.notFound);
    await recordLog(tx, ctx, { type: 'WorkspaceRenamed', data: { from: current.name, to: name } });
    return toWorkspace(row, current.role);
  });
}

/** The workspace the user lands in after signing in: it comes first in their session's list. */
export async function makeDefaultWorkspace(db: Db, auth: AuthContext, workspaceId: number) {
  const workspace = await getSelfWorkspace(db, auth, workspaceId);
  await users.setDefaultWorkspace(db, auth, workspaceId);
  return workspace;
}

export async function leaveWorkspace(db: Db, auth: AuthContext, workspaceId: number) {
  const current = await getSelfWorkspace(db, auth, workspaceId);
  await db.transaction(async (tx) => {
    await users.leaveOrRemove(tx, auth.platformId, workspaceId, auth.userId);
    const ctx = { ...auth, workspaceId, role: current.role as WorkspaceContext['role'] };
    await recordLog(tx, ctx, { type: 'UserLeft', subjectUserId: auth.userId });
  });
  return { message: MESSAGES.workspaceLeft };
}

export async function getWorkspace(db: Db, ctx: WorkspaceContext) {
  const row = await q.findWorkspace(db, ctx.platformId, ctx.workspaceId);
  if (!row) throw notFound(MESSAGES.notFound);
  return toWorkspace(row, ctx.role);
}

export async function getSettings(db: Db, ctx: WorkspaceContext) {
  return (await getWorkspace(db, ctx)).settings;
}

export async function updateSettings(db: Db, ctx: WorkspaceContext, patch: Partial<WorkspaceSettings>) {
  if (!canManageMembers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  return db.transaction(async (tx) => {
    const current = await q.findWorkspace(tx, ctx.platformId, ctx.workspaceId);
    if (!current) throw notFound(MESSAGES.notFound);
    const before = toWorkspace(current, ctx.role).settings;
    const settings = { ...before, ...patch };
    const row = await q.updateWorkspace(tx, ctx, { settings });
    if (!row) throw notFound(MESSAGES.notFound);
    await recordLog(tx, ctx, { type: 'WorkspaceSettingsUpdated', data: { before, after: settings } });
    return toWorkspace(row, ctx.role).settings;
  });
}

export async function listLogs(
  db: Db,
  ctx: WorkspaceContext,
  about: 'workspace' | 'users',
  page: { limit: number; offset: number; user_id?: number | undefined },
) {
  if (!canSeeAllUsers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  const { rows, total } = await q.listLogs(db, ctx, about, { ...page, userId: page.user_id });
  const ids = [...new Set(rows.flatMap((r) => [r.actorId, r.subjectUserId]).filter((id) => id !== null))];
  const names = new Map((await users.userNames(db, ctx.platformId, ids)).map((u) => [u.id, u.name]));
  const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
  const data = rows.map((r) => ({
    id: r.id,
    type: r.type,
    actor: person(r.actorId),
    subject_user: person(r.subjectUserId),
    data: r.data,
    created_at: r.createdAt.toISOString(),
  }));
  return pageOf(data, total, page.limit, page.offset);
}

export const findWorkspaceOfPlatform = (db: DbOrTx, platformId: number, workspaceId: number) =>
  q.findWorkspace(db, platformId, workspaceId);
