import { MESSAGES } from '@vendaval/core/messages';
import type { SessionUser, TokenResponse } from '@vendaval/core/schemas/auth';
import type { Platform } from '@vendaval/core/schemas/platform';
import type { AuthContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest } from '../../infra/errors.ts';
import type { Mailer } from '../../infra/mail.ts';
import { burnPasswordCheck } from '../../infra/passwords.ts';
import { digestSecret, oneTimeSecret, type TokenSigner } from '../../infra/tokens.ts';
import * as users from '../users/users.service.ts';
import { workspacesOf } from '../workspaces/workspaces.service.ts';
import { passwordResetMail } from './auth.mail.ts';
import { consumePasswordReset, findPasswordReset, insertPasswordReset } from './auth.queries.ts';

const RESET_TTL_MS = 60 * 60 * 1000;

export async function login(
  db: Db,
  tokens: TokenSigner,
  platform: Platform,
  username: string,
  password: string,
) {
  const user = await users.checkCredentials(db, platform.id, username, password);
  if (!user) {
    await burnPasswordCheck(password);
    throw badRequest(MESSAGES.invalidCredentials);
  }
  await users.markLogin(db, user);
  return issueSession(db, tokens, user);
}

/** The token answer of sign-in and of an accepted invitation: token, lifetime and the user with their workspaces. */
export async function issueSession(
  db: DbOrTx,
  tokens: TokenSigner,
  user: users.UserRow,
): Promise<TokenResponse> {
  const access_token = await tokens.sign({
    userId: user.id,
    platformId: user.platformId,
    version: user.tokenVersion,
  });
  return {
    access_token,
    token_type: 'Bearer',
    expires_in: tokens.ttlSeconds,
    user: await sessionUser(db, user),
  };
}

async function sessionUser(db: DbOrTx, user: users.UserRow): Promise<SessionUser> {
  const all = await workspacesOf(db, { platformId: user.platformId, userId: user.id });
  const workspaces = all
    .map(({ id, name, role }) => ({ id, name, role }))
    .sort((a, b) => Number(b.id === user.defaultWorkspaceId) - Number(a.id === user.defaultWorkspaceId));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    access_code: user.accessCode,
    platform_id: user.platformId,
    workspaces,
  };
}

export async function logout(db: Db, auth: AuthContext) {
  await users.revokeTokens(db, auth);
  return { message: MESSAGES.loggedOut };
}

/** Always the same answer, so the endpoint does not tell which e-mails have an account. */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  platform: Platform,
  email: string,
  appUrl: string,
) {
  const user = await users.findUserByEmail(db, platform.id, email);
  if (user) {
    const { token, digest } = oneTimeSecret();
    await insertPasswordReset(db, {
      platformId: platform.id,
      userId: user.id,
      tokenHash: digest,
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await mailer.send(passwordResetMail(platform, user, `${appUrl}/password-reset?token=${token}`));
  }
  return { message: MESSAGES.resetRequested };
}

/** Why a reset link no longer works (unknown, used or expired), or null while it still does. */
async function resetLinkProblem(db: DbOrTx, platform: Platform, token: string): Promise<string | null> {
  const reset = await findPasswordReset(db, platform.id, digestSecret(token));
  if (!reset) return MESSAGES.resetLinkInvalid;
  if (reset.usedAt) return MESSAGES.resetLinkUsed;
  if (reset.expiresAt.getTime() <= Date.now()) return MESSAGES.resetLinkExpired;
  return null;
}

/** Checks a reset link without using it up, so the page says at once when it was used or has expired. */
export async function checkPasswordReset(db: Db, platform: Platform, token: string) {
  const problem = await resetLinkProblem(db, platform, token);
  if (problem) throw badRequest(problem, 'token');
  return { message: MESSAGES.resetLinkValid };
}

export async function resetPassword(db: Db, platform: Platform, token: string, password: string) {
  await db.transaction(async (tx) => {
    const reset = await consumePasswordReset(tx, platform.id, digestSecret(token));
    if (!reset) {
      throw badRequest((await resetLinkProblem(tx, platform, token)) ?? MESSAGES.resetLinkInvalid, 'token');
    }
    await users.setPassword(tx, platform.id, reset.userId, password);
  });
  return { message: MESSAGES.passwordChanged };
}
