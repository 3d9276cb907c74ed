import { MESSAGES } from '@vendaval/core/messages';
import { canAdministerPlatform, canManageMembers, canSeeAllUsers } from '@vendaval/core/permissions';
import type { Platform } from '@vendaval/core/schemas/platform';
import type { Workspace, WorkspaceSettings } from '@vendaval/core/schemas/workspaces';
import type { AuthContext, WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { forbidden, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import { recordLog } from '../audit/audit.service.ts';
import { openSandboxBot } from '../bots/bots.service.ts';
import { createDefaultQuickAnswers, createDefaultSalesStages } from '../catalog/catalog.service.ts';
import * as users from '../users/users.service.ts';
import * as q from './workspaces.queries.ts';
import * as settings from './workspaces.settings.ts';

const toWorkspace = (row: q.WorkspaceRow, role: string): Workspace => ({
  id: row.id,
  name: row.name,
  role,
  settings: settings.settingsOf(row),
  created_at: row.createdAt.toISOString(),
});

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

/** A new workspace whose first member, as admin, is `owner`; it starts with the default quick answers and the sandbox bot. */
export async function openWorkspace(
  tx: DbOrTx,
  owner: AuthContext,
  name: string,
  chosen: Partial<WorkspaceSettings> = {},
) {
  const row = await q.insertWorkspace(tx, {
    platformId: owner.platformId,
    name,
    settings: settings.settingsOf({ settings: chosen as WorkspaceSettings }),
  });
  await users.addMember(tx, owner.platformId, row.id, owner.userId, 'admin');
  await settings.checkSettings(
    tx,
    { platformId: owner.platformId, workspaceId: row.id },
    settings.settingsOf(row),
  );
  const ctx = { ...owner, workspaceId: row.id, role: 'admin' as const };
  await recordLog(tx, ctx, { type: 'WorkspaceCreated', data: { name } });
  await createDefaultQuickAnswers(tx, ctx);
  await openSandboxBot(tx, ctx);
  return toWorkspace(row, 'admin');
}

export async function renameWorkspace(db: Db, auth: AuthContext, workspaceId: number, name: string) {
  const current = await getSelfWorkspace(db, auth, workspaceId);
  if (!canManageMembers(current.role)) throw forbidden(MESSAGES.forbidden);
  // The edit form saves the name with the settings: an unchanged name is no rename.
  if (name === current.name) return current;
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

export const updateSettings = settings.updateSettings;

export const findWorkspaceOfPlatform = (db: DbOrTx, platformId: number, workspaceId: number) =>
  q.findWorkspace(db, platformId, workspaceId);

/** The workspaces of a person as the caller may see them: all of one's own, else those the caller manages. */
export async function workspacesOfUser(db: Db, auth: AuthContext, userId: number) {
  const theirs = await workspacesOf(db, { platformId: auth.platformId, userId });
  const visible =
    userId === auth.userId
      ? theirs
      : await (async () => {
          const mine = await users.membershipsOf(db, auth);
          const managed = new Set(mine.filter((m) => canSeeAllUsers(m.role)).map((m) => m.workspaceId));
          return theirs.filter((w) => managed.has(w.id));
        })();
  if (visible.length === 0 && userId !== auth.userId) throw notFound(MESSAGES.notFound);
  return pageOf(visible, visible.length, visible.length, 0);
}
