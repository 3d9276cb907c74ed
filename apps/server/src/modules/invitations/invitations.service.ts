import { MESSAGES } from '@vendaval/core/messages';
import { canManageMembers, selectableRoles } from '@vendaval/core/permissions';
import type { Invitation } from '@vendaval/core/schemas/auth';
import type { Platform } from '@vendaval/core/schemas/platform';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { badRequest, conflict, forbidden, gone, notFound } from '../../infra/errors.ts';
import type { Mailer } from '../../infra/mail.ts';
import type { TokenSigner } from '../../infra/tokens.ts';
import { recordLog } from '../audit/audit.service.ts';
import { issueSession } from '../auth/auth.service.ts';
import * as users from '../users/users.service.ts';
import { findWorkspaceOfPlatform } from '../workspaces/workspaces.service.ts';
import { invitationMail } from './invitations.mail.ts';
import * as q from './invitations.queries.ts';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type NewUser = { name: string; password: string; password_confirmation: string };
type ExistingUser = { password: string };

export async function invite(
  deps: { db: Db; mailer: Mailer },
  ctx: WorkspaceContext,
  platform: Platform,
  input: { email: string; role: string },
  appUrl: string,
): Promise<Invitation> {
  if (!canManageMembers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  if (!selectableRoles(ctx.role).includes(input.role as never))
    throw badRequest(MESSAGES.roleNotAllowed, 'role');
  const email = input.email.trim().toLowerCase();
  const existing = await users.findUserByEmail(deps.db, ctx.platformId, email);
  if (existing && (await users.findMembership(deps.db, ctx.platformId, ctx.workspaceId, existing.id))) {
    throw conflict(MESSAGES.alreadyMember);
  }
  const row = await deps.db.transaction(async (tx) => {
    await q.expirePendingInvitations(tx, ctx, email);
    const created = await q.insertInvitation(tx, {
      platformId: ctx.platformId,
      workspaceId: ctx.workspaceId,
      email,
      role: input.role,
      invitedBy: ctx.userId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    await recordLog(tx, ctx, { type: 'UserInvited', data: { email, role: input.role } });
    return created;
  });
  const invitation = await describe(deps.db, row);
  await deps.mailer.send(
    invitationMail(platform, invitation, `${appUrl}/user-invitations/${row.id}/validate`),
  );
  return invitation;
}

/** A usable invitation of this platform: unknown → 404, used or expired → 410. */
export async function validate(db: Db, platformId: number, id: string): Promise<Invitation> {
  return describe(db, await usable(db, platformId, id));
}

export async function fulfill(
  deps: { db: Db; tokens: TokenSigner },
  platformId: number,
  id: string,
  body: NewUser | ExistingUser,
) {
  const { db, tokens } = deps;
  const invitation = await usable(db, platformId, id);
  const existing = await users.findUserByEmail(db, platformId, invitation.email);
  if (existing && !(await users.checkCredentials(db, platformId, existing.email, body.password))) {
    throw badRequest(MESSAGES.invalidPassword, 'password');
  }
  if (!existing && !('name' in body)) throw badRequest(MESSAGES.nameRequired, 'name');
  return db.transaction(async (tx) => {
    if (!(await q.fulfillInvitation(tx, platformId, id))) throw gone(MESSAGES.invitationUsed);
    const user =
      existing ??
      (await users.createUser(tx, platformId, {
        name: (body as NewUser).name,
        email: invitation.email,
        password: body.password,
      }));
    if (!(await users.findMembership(tx, platformId, invitation.workspaceId, user.id))) {
      await users.addMember(tx, platformId, invitation.workspaceId, user.id, invitation.role);
    }
    const ctx = {
      platformId,
      workspaceId: invitation.workspaceId,
      userId: user.id,
      role: 'salesRep' as const,
    };
    await recordLog(tx, ctx, { type: 'UserJoined', subjectUserId: user.id, data: { role: invitation.role } });
    await users.markLogin(tx, user);
    return issueSession(tx, tokens, user);
  });
}

async function usable(db: Db, platformId: number, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(MESSAGES.invitationInvalid);
  const row = await q.findInvitation(db, platformId, id);
  if (!row) throw notFound(MESSAGES.invitationInvalid);
  if (row.fulfilledAt) throw gone(MESSAGES.invitationUsed);
  if (row.expiresAt.getTime() <= Date.now()) throw gone(MESSAGES.invitationInvalid);
  return row;
}

async function describe(db: Db, row: q.InvitationRow): Promise<Invitation> {
  const [workspace, inviterNames, user] = await Promise.all([
    findWorkspaceOfPlatform(db, row.platformId, row.workspaceId),
    users.userNames(db, row.platformId, row.invitedBy ? [row.invitedBy] : []),
    users.findUserByEmail(db, row.platformId, row.email),
  ]);
  if (!workspace) throw notFound(MESSAGES.invitationInvalid);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    workspace: { id: workspace.id, name: workspace.name },
    inviter_name: inviterNames[0]?.name ?? '',
    user_exists: user !== undefined,
    expires_at: row.expiresAt.toISOString(),
  };
}
