import { MESSAGES } from '@vendaval/core/messages';
import { isRole } from '@vendaval/core/roles';
import type { StreamTicket } from '@vendaval/core/schemas/chat';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { WorkspaceContext } from '../../infra/context.ts';
import { notFound, unauthorized } from '../../infra/errors.ts';
import { requireWorkspaceMember } from '../../infra/tenancy/workspace-guard.ts';
import type { TokenSigner } from '../../infra/tokens.ts';
import { findWorkspaceAccess } from '../users/users.service.ts';

const TICKET_PURPOSE = 'event-stream';
const TICKET_TTL_SECONDS = 60;

/** The session a stream lives on: it ends when the token expires or is revoked (logout, password change). */
export interface StreamSession {
  version: number;
  expiresAtMs: number;
}

const sessions = new WeakMap<FastifyRequest, StreamSession>();
/** Tickets already used by this process, kept until they expire: a ticket opens one stream. */
const usedTickets = new Map<string, number>();

export const streamSessionOf = (request: FastifyRequest) => sessions.get(request);

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

const tokenExpiryMs = (token: string) => (decodeJwt(token).exp ?? 0) * 1000;

/** A one-time ticket for the caller's stream in this workspace, valid for a minute and bound to their session. */
export async function issueTicket(
  request: FastifyRequest,
  tokens: TokenSigner,
  ctx: WorkspaceContext,
): Promise<StreamTicket> {
  const token = bearerToken(request);
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized(MESSAGES.unauthorized);
  const ticket = await tokens.signTicket(
    TICKET_PURPOSE,
    {
      uid: ctx.userId,
      pid: ctx.platformId,
      wid: ctx.workspaceId,
      ver: claims.version,
      sexp: Math.floor(tokenExpiryMs(token) / 1000),
    },
    TICKET_TTL_SECONDS,
  );
  return { ticket, expires_in: TICKET_TTL_SECONDS };
}

/**
 * onRequest hook of the stream: a ticket in the query (browsers), or the usual bearer header (other clients).
 * Either way the same membership check as every workspace route, with the same 401/404 answers.
 */
export async function requireStreamMember(request: FastifyRequest): Promise<void> {
  const ticket = (request.query as { ticket?: unknown }).ticket;
  if (typeof ticket !== 'string') {
    await requireWorkspaceMember(request);
    const token = bearerToken(request);
    const claims = await request.server.deps.tokens.verify(token);
    sessions.set(request, { version: claims?.version ?? -1, expiresAtMs: tokenExpiryMs(token) });
    return;
  }
  const claims = await ticketClaims(request, ticket);
  const workspaceId = Number((request.params as { workspaceId?: string }).workspaceId);
  if (claims.wid !== workspaceId) throw notFound(MESSAGES.notFound);
  const access = await findWorkspaceAccess(request.server.deps.db, claims.pid, workspaceId, claims.uid);
  if (!access || access.tokenVersion !== claims.ver) throw unauthorized(MESSAGES.unauthorized);
  if (!access.role || !isRole(access.role)) throw notFound(MESSAGES.notFound);
  request.auth = { platformId: claims.pid, userId: claims.uid };
  request.ctx = { ...request.auth, workspaceId, role: access.role };
  sessions.set(request, { version: claims.ver, expiresAtMs: claims.sexp * 1000 });
}

async function ticketClaims(request: FastifyRequest, ticket: string) {
  const payload = await request.server.deps.tokens.verifyTicket(TICKET_PURPOSE, ticket);
  const claims = payload as {
    uid: number;
    pid: number;
    wid: number;
    ver: number;
    sexp: number;
    jti: string;
    exp: number;
  } | null;
  if (!claims || claims.pid !== request.platform.id || typeof claims.jti !== 'string') {
    throw unauthorized(MESSAGES.unauthorized);
  }
  forgetExpiredTickets();
  if (usedTickets.has(claims.jti)) throw unauthorized(MESSAGES.unauthorized);
  usedTickets.set(claims.jti, claims.exp * 1000);
  return claims;
}

function forgetExpiredTickets() {
  const now = Date.now();
  for (const [jti, expiresAtMs] of usedTickets) if (expiresAtMs <= now) usedTickets.delete(jti);
}

/** Whether the stream's session still holds: unexpired, not revoked, still a member. */
export async function sessionHolds(request: FastifyRequest, session: StreamSession): Promise<boolean> {
  if (Date.now() >= session.expiresAtMs) return false;
  const { platformId, workspaceId, userId } = request.ctx;
  const access = await findWorkspaceAccess(request.server.deps.db, platformId, workspaceId, userId);
  return Boolean(access?.role && access.tokenVersion === session.version);
}
