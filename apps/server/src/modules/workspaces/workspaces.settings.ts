import { MESSAGES } from '@vendaval/core/messages';
import { canManageMembers } from '@vendaval/core/permissions';
import { DEFAULT_WORKSPACE_SETTINGS, type WorkspaceSettings } from '@vendaval/core/schemas/workspaces';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { recordLog } from '../audit/audit.service.ts';
import { findTaskType } from '../catalog/catalog.service.ts';
import * as users from '../users/users.service.ts';
import * as q from './workspaces.queries.ts';

/** Rows written before a setting existed get its default. */
export const settingsOf = (row: Pick<q.WorkspaceRow, 'settings'>): WorkspaceSettings => ({
  ...DEFAULT_WORKSPACE_SETTINGS,
  ...row.settings,
});

/** The workspace's settings as they are now, or null when the workspace is not the platform's. */
export async function readSettings(db: DbOrTx, scope: Scope) {
  const row = await q.findWorkspace(db, scope.platformId, scope.workspaceId);
  return row ? settingsOf(row) : null;
}

/**
 * Ids inside the settings are checked against the tenant like ids in paths: the distribution's user must be a
 * member of this workspace and every calendar action one of its task types (404 otherwise).
 */
export async function checkSettings(tx: DbOrTx, scope: Scope, settings: WorkspaceSettings) {
  if (settings.distribution === 'fixed_user' && settings.distribution_user_id === null) {
    throw badRequest(MESSAGES.distributionUserRequired, 'distribution_user_id');
  }
  const userId = settings.distribution_user_id;
  if (userId !== null && !(await users.findMembership(tx, scope.platformId, scope.workspaceId, userId))) {
    throw notFound(MESSAGES.notFound);
  }
  for (const id of new Set(settings.calendar_actions)) {
    if (!(await findTaskType(tx, scope, id))) throw notFound(MESSAGES.notFound);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The log of a settings change: only what changed, from and to, with the names of the users and actions named. */
async function changeLog(db: DbOrTx, scope: Scope, before: WorkspaceSettings, after: WorkspaceSettings) {
  const keys = (Object.keys(after) as (keyof WorkspaceSettings)[]).filter((k) => !same(before[k], after[k]));
  if (keys.length === 0) return null;
  const pick = (s: WorkspaceSettings) => Object.fromEntries(keys.map((k) => [k, s[k]]));
  const userIds = [before.distribution_user_id, after.distribution_user_id].filter((id) => id !== null);
  const people = keys.includes('distribution_user_id')
    ? await users.userNames(db, scope.platformId, userIds)
    : [];
  const actionIds = keys.includes('calendar_actions')
    ? [...new Set([...before.calendar_actions, ...after.calendar_actions])]
    : [];
  const actions: Record<number, string> = {};
  for (const id of actionIds) {
    const action = await findTaskType(db, scope, id);
    if (action) actions[id] = action.name;
  }
  return {
    before: pick(before),
    after: pick(after),
    ...(people.length > 0 && { users: Object.fromEntries(people.map((u) => [u.id, u.name])) }),
    ...(actionIds.length > 0 && { actions }),
  };
}

export async function updateSettings(db: Db, ctx: WorkspaceContext, patch: Partial<WorkspaceSettings>) {
  if (!canManageMembers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  return db.transaction(async (tx) => {
    const before = await readSettings(tx, ctx);
    if (!before) throw notFound(MESSAGES.notFound);
    const settings = { ...before, ...patch };
    if (settings.distribution === 'round_robin') settings.distribution_user_id = null;
    await checkSettings(tx, ctx, settings);
    const log = await changeLog(tx, ctx, before, settings);
    if (!log) return before;
    const row = await q.updateWorkspace(tx, ctx, { settings });
    if (!row) throw notFound(MESSAGES.notFound);
    await recordLog(tx, ctx, { type: 'WorkspaceSettingsUpdated', data: log });
    return settingsOf(row);
  });
}

/**
 * The workspace's distribution ('WorkspaceConfiguration'): its fixed user while they are still a member, else the
 * next Working member with the main collaborator role in turn; null when there is none. Call it inside the
 * transaction that assigns the card.
 */
export async function takeNextAssignee(tx: DbOrTx, scope: Scope, mainCollaboratorRole: string) {
  const settings = await readSettings(tx, scope);
  const fixed = settings?.distribution === 'fixed_user' ? settings.distribution_user_id : null;
  if (fixed !== null && (await users.findMembership(tx, scope.platformId, scope.workspaceId, fixed)))
    return fixed;
  return users.takeRoundRobinAssignee(tx, scope, mainCollaboratorRole);
}
