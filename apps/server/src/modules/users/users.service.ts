import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import {
  ADMIN_ROLES,
  canManageMembers,
  canSeeAllUsers,
  isAdminRole,
  selectableRoles,
} from '@vendaval/core/permissions';
import { isRole } from '@vendaval/core/roles';
import type {
  memberAddSchema,
  memberListQuerySchema,
  memberUpdateSchema,
} from '@vendaval/core/schemas/users';
import type { z } from 'zod';
import type { AuthContext, WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import { hashPassword, verifyPassword } from '../../infra/passwords.ts';
import { recordLog } from '../audit/audit.service.ts';
import * as q from './users.queries.ts';

export type { UserRow } from './users.queries.ts';

/** Identity checks and person rows used by auth and invitations. */
export async function checkCredentials(db: Db, platformId: number, login: string, password: string) {
  const user = await q.findUserByLogin(db, platformId, login);
  if (!user || !(await verifyPassword(user.passwordHash, password))) return null;
  return user;
}

export const findUser = (db: DbOrTx, platformId: number, userId: number) =>
  q.findUserById(db, platformId, userId);
export const findUserByEmail = (db: DbOrTx, platformId: number, email: string) =>
  q.findUserByLogin(db, platformId, email);
export const membershipsOf = (db: DbOrTx, auth: AuthContext) => q.membershipsOf(db, auth);
export const findMembership = q.findMembership;
export const findWorkspaceAccess = q.findWorkspaceAccess;
export const userNames = q.userNames;

export async function markLogin(db: DbOrTx, user: q.UserRow) {
  await q.updateUser(db, user.platformId, user.id, { lastLoginAt: new Date() });
}

export async function setPassword(db: DbOrTx, platformId: number, userId: number, password: string) {
  await q.updateUser(db, platformId, userId, { passwordHash: await hashPassword(password) });
  await q.bumpTokenVersion(db, platformId, userId);
}

export const setDefaultWorkspace = (db: DbOrTx, auth: AuthContext, workspaceId: number) =>
  q.updateUser(db, auth.platformId, auth.userId, { defaultWorkspaceId: workspaceId });

export const revokeTokens = (db: DbOrTx, auth: AuthContext) =>
  q.bumpTokenVersion(db, auth.platformId, auth.userId);

export async function createUser(
  db: DbOrTx,
  platformId: number,
  person: { name: string; email: string; password: string; username?: string },
) {
  const email = person.email.trim().toLowerCase();
  const username = person.username?.toLowerCase() ?? (await freeUsername(db, platformId, email));
  return q.insertUser(db, {
    platformId,
    name: person.name.trim(),
    email,
    username,
    passwordHash: await hashPassword(person.password),
    accessCode: accessCode(),
  });
}

/**
 * The user an integration acts as, so history and audit name it. It has no password (no hash ever verifies an
 * empty one), so it can never sign in, and it is never made a member, so no people list shows it.
 */
export function createIntegrationUser(db: DbOrTx, platformId: number, name: string) {
  const handle = `api-${randomBytes(8).toString('hex')}`;
  return q.insertUser(db, {
    platformId,
    name,
    email: `${handle}@integracao.invalid`,
    username: handle,
    passwordHash: '',
    accessCode: accessCode(),
  });
}

/** The e-mail's local part, with a number appended while it is taken. */
async function freeUsername(db: DbOrTx, platformId: number, email: string) {
  const base = (email.split('@')[0] ?? 'usuario').replace(/[^a-z0-9._-]/g, '') || 'usuario';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await q.usernameTaken(db, platformId, candidate))) return candidate;
  }
}

const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function accessCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => ACCESS_CODE_ALPHABET[b % ACCESS_CODE_ALPHABET.length]).join('');
}

export async function addMember(
  db: DbOrTx,
  platformId: number,
  workspaceId: number,
  userId: number,
  role: string,
) {
  await q.insertMember(db, { platformId, workspaceId, userId, role });
}

/** Removes a membership unless it would leave the workspace without anyone of an admin role. */
export async function leaveOrRemove(db: DbOrTx, platformId: number, workspaceId: number, userId: number) {
  const membership = await q.findMembership(db, platformId, workspaceId, userId);
  if (!membership) throw notFound(MESSAGES.notFound);
  await ensureNotLastAdmin(db, platformId, workspaceId, userId);
  await q.deleteMember(db, platformId, workspaceId, userId);
  await q.clearManager(db, platformId, workspaceId, userId);
}

/**
 * Refuses to take `userId` out of the admin roles when they are the workspace's last admin. Run inside the
 * transaction that makes the change: the admin memberships stay locked, so two admins stepping down at the same
 * time cannot both pass.
 */
async function ensureNotLastAdmin(db: DbOrTx, platformId: number, workspaceId: number, userId: number) {
  const admins = await q.lockMembersWithRoles(db, platformId, workspaceId, ADMIN_ROLES);
  if (admins.includes(userId) && admins.length <= 1) throw conflict(MESSAGES.lastAdmin);
}

// ---- workspace users (members) -------------------------------------------------------------

type MemberListQuery = z.infer<typeof memberListQuerySchema>;
type MemberUpdate = z.infer<typeof memberUpdateSchema>;
type MemberAdd = z.infer<typeof memberAddSchema>;

const toMember = (row: q.MemberView) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  username: row.username,
  role: row.role,
  operational_status: row.operationalStatus,
  joined_at: row.joinedAt.toISOString(),
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  manager_id: row.managerId,
});

/** Phone credentials reach only their owner; an admin sees the SIP user name, never another's password. */
const toMemberDetail = (ctx: WorkspaceContext, row: q.MemberView) => {
  const self = row.id === ctx.userId;
  return {
    ...toMember(row),
    voip_username: self || canManageMembers(ctx.role) ? row.voipUsername : null,
    voip_password: self ? row.voipPassword : null,
  };
};

export async function listMembers(db: Db, ctx: WorkspaceContext, query: MemberListQuery) {
  const { rows, total } = await q.listMembers(db, ctx, query);
  return pageOf(rows.map(toMember), total, query.limit, query.offset);
}

/**
 * The people the caller may see and pick: everyone for admin roles; for managing roles themself, whoever reports
 * to them (directly or further down) and whoever reports to nobody; anyone else only themself.
 */
export async function listMembersInHierarchy(db: Db, ctx: WorkspaceContext, query: MemberListQuery) {
  const scope = isAdminRole(ctx.role)
    ? {}
    : canSeeAllUsers(ctx.role)
      ? { teamOf: [ctx.userId, ...(await q.reportsOf(db, ctx, ctx.userId))] }
      : { onlyUserId: ctx.userId };
  const { rows, total } = await q.listMembers(db, ctx, { ...query, ...scope });
  return pageOf(rows.map(toMember), total, query.limit, query.offset);
}

/**
 * Whether `userId` is among the people users-in-hierarchy lists for the caller, that is someone the caller may
 * give work to (a task's responsible).
 */
export async function isInHierarchyOf(db: DbOrTx, ctx: WorkspaceContext, userId: number): Promise<boolean> {
  if (userId === ctx.userId || isAdminRole(ctx.role)) return true;
  if (!canSeeAllUsers(ctx.role)) return false;
  const member = await q.findMembership(db, ctx.platformId, ctx.workspaceId, userId);
  if (!member) return false;
  return member.managerId === null || (await q.reportsOf(db, ctx, ctx.userId)).includes(userId);
}

/** An existing person of the platform joins the workspace with a role the caller may give. */
export async function addExistingMember(db: Db, ctx: WorkspaceContext, body: MemberAdd) {
  if (!canManageMembers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  if (!selectableRoles(ctx.role).includes(body.role as never))
    throw badRequest(MESSAGES.roleNotAllowed, 'role');
  return db.transaction(async (tx) => {
    const user = await q.findUserById(tx, ctx.platformId, body.user_id);
    if (!user) throw notFound(MESSAGES.userNotFound);
    if (await q.findMembership(tx, ctx.platformId, ctx.workspaceId, user.id))
      throw conflict(MESSAGES.alreadyMember);
    await q.insertMember(tx, {
      platformId: ctx.platformId,
      workspaceId: ctx.workspaceId,
      userId: user.id,
      role: body.role,
    });
    await recordLog(tx, ctx, { type: 'UserAdded', subjectUserId: user.id, data: { role: body.role } });
    const added = await q.findMember(tx, ctx, user.id);
    if (!added) throw notFound(MESSAGES.notFound);
    return toMemberDetail(ctx, added);
  });
}

export async function getMember(db: Db, ctx: WorkspaceContext, userId: number) {
  const row = await q.findMember(db, ctx, userId);
  if (!row) throw notFound(MESSAGES.notFound);
  return toMemberDetail(ctx, row);
}

export async function updateMember(db: Db, ctx: WorkspaceContext, userId: number, patch: MemberUpdate) {
  const isSelf = userId === ctx.userId;
  const isManager = canManageMembers(ctx.role);
  if (!isSelf && !isManager) throw forbidden(MESSAGES.forbidden);
  // The hierarchy is the admins' to draw, even where a member may edit themself.
  if (patch.manager_id !== undefined && !isManager) throw forbidden(MESSAGES.forbidden);
  return db.transaction(async (tx) => {
    const current = await q.findMember(tx, ctx, userId);
    if (!current) throw notFound(MESSAGES.notFound);
    if (patch.role !== undefined && patch.role !== current.role) {
      await changeRole(tx, ctx, current, patch.role);
    }
    if (patch.manager_id !== undefined && patch.manager_id !== current.managerId) {
      await changeManager(tx, ctx, current, patch.manager_id);
    }
    const personal = pickDefined({ name: patch.name, operationalStatus: patch.operational_status });
    if (Object.keys(personal).length > 0) await q.updateUser(tx, ctx.platformId, userId, personal);
    const phone = pickDefined({ voipUsername: patch.voip_username, voipPassword: patch.voip_password });
    if (Object.keys(phone).length > 0) await q.updateMember(tx, ctx, userId, phone);
    if (Object.keys(personal).length + Object.keys(phone).length > 0) {
      await recordLog(tx, ctx, {
        type: 'UserUpdated',
        subjectUserId: userId,
        data: {
          fields: Object.keys(patch).filter((k) => !['role', 'manager_id', 'voip_password'].includes(k)),
        },
      });
    }
    const updated = await q.findMember(tx, ctx, userId);
    if (!updated) throw notFound(MESSAGES.notFound);
    return toMemberDetail(ctx, updated);
  });
}

async function changeRole(tx: DbOrTx, ctx: WorkspaceContext, current: q.MemberView, role: string) {
  if (!canManageMembers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  if (!selectableRoles(ctx.role).includes(role as never)) throw badRequest(MESSAGES.roleNotAllowed, 'role');
  if (!isAdminRole(role)) await ensureNotLastAdmin(tx, ctx.platformId, ctx.workspaceId, current.id);
  await q.updateMember(tx, ctx, current.id, { role });
  await recordLog(tx, ctx, {
    type: 'UserRoleUpdated',
    subjectUserId: current.id,
    data: { from: current.role, to: role },
  });
}

/** Who `member` reports to: another member of the workspace, never themself nor someone below them. */
async function changeManager(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  member: q.MemberView,
  managerId: number | null,
) {
  if (managerId !== null) {
    await q.lockHierarchy(tx, ctx);
    if (managerId === member.id) throw badRequest(MESSAGES.managerIsSelf, 'manager_id');
    if (!(await q.findMembership(tx, ctx.platformId, ctx.workspaceId, managerId)))
      throw notFound(MESSAGES.notFound);
    if ((await q.reportsOf(tx, ctx, member.id)).includes(managerId))
      throw badRequest(MESSAGES.managerCycle, 'manager_id');
  }
  await q.updateMember(tx, ctx, member.id, { managerId });
  await recordLog(tx, ctx, {
    type: 'UserManagerUpdated',
    subjectUserId: member.id,
    data: { from: member.managerId, to: managerId },
  });
}

export async function removeMember(db: Db, ctx: WorkspaceContext, userId: number) {
  if (!canManageMembers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  await db.transaction(async (tx) => {
    await leaveOrRemove(tx, ctx.platformId, ctx.workspaceId, userId);
    await recordLog(tx, ctx, { type: 'UserRemoved', subjectUserId: userId });
  });
  return { message: MESSAGES.memberRemoved };
}

/** Lets an admin find a person of the platform (to invite them) by username or e-mail. */
export async function findOneByUsername(db: Db, ctx: WorkspaceContext, username: string) {
  if (!canManageMembers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  const user = await q.findUserByLogin(db, ctx.platformId, username);
  if (!user) throw notFound(MESSAGES.userNotFound);
  const membership = await q.findMembership(db, ctx.platformId, ctx.workspaceId, user.id);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    is_member: !!membership,
  };
}

const pickDefined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export async function memberOfWorkspace(db: Db, auth: AuthContext, userId: number, workspaceId: number) {
  const membership = await q.findMembership(db, auth.platformId, workspaceId, auth.userId);
  if (!membership || !isRole(membership.role)) throw notFound(MESSAGES.notFound);
  const ctx: WorkspaceContext = { ...auth, workspaceId, role: membership.role };
  if (userId !== auth.userId && !canSeeAllUsers(ctx.role)) throw notFound(MESSAGES.notFound);
  return getMember(db, ctx, userId);
}

export const takeRoundRobinAssignee = q.takeRoundRobinAssignee;
