import { MESSAGES } from '@vendaval/core/messages';
import { isRole } from '@vendaval/core/roles';
import { API_CLIENT_SECRET_PREFIX } from '@vendaval/core/schemas/api-clients';
import { idSchema } from '@vendaval/core/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, unauthorized } from '../errors.ts';
import type { ZodApp } from '../zod-app.ts';
import { requireApiClient } from './api-client-guard.ts';
import { bearerToken, requireAuth, tokenClaims } from './auth-guard.ts';

/**
 * The tenancy invariant: every route under /workspaces/:workspaceId passes here. The token must be valid and not
 * revoked (else 401); the workspace must belong to the host's platform and the caller must be its member;
 * otherwise 404, so foreign ids leak nothing. One statement checks all of it. An integration's token takes the
 * integration guard instead, with the same answers.
 */
export async function requireWorkspaceMember(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  const parsed = idSchema.safeParse((request.params as { workspaceId?: string }).workspaceId);
  if (!parsed.success) {
    await requireAuth(request);
    throw notFound(MESSAGES.notFound);
  }
  const workspaceId = parsed.data;
  const token = bearerToken(request);
  if (token.startsWith(API_CLIENT_SECRET_PREFIX)) return requireApiClient(request, reply, workspaceId, token);
  const claims = await tokenClaims(request);
  const access = await request.server.deps.access.workspace(
    request.server.deps.db,
    claims.platformId,
    workspaceId,
    claims.userId,
  );
  if (!access || access.tokenVersion !== claims.version) throw unauthorized(MESSAGES.unauthorized);
  if (!access.role || !isRole(access.role)) throw notFound(MESSAGES.notFound);
  request.auth = { platformId: claims.platformId, userId: claims.userId };
  request.ctx = { ...request.auth, workspaceId, role: access.role };
}

/** Registers `routes` under /workspaces/:workspaceId behind the member guard. */
export function workspaceScope(app: FastifyInstance, routes: (scope: ZodApp) => Promise<void>) {
  return app.register(
    async (scope) => {
      scope.addHook('onRequest', requireWorkspaceMember);
      await routes(scope.withTypeProvider<ZodTypeProvider>());
    },
    { prefix: '/workspaces/:workspaceId' },
  );
}
