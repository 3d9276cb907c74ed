import { MESSAGES } from '@vendaval/core/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../errors.ts';
import type { AccessClaims } from '../tokens.ts';
import type { ZodApp } from '../zod-app.ts';

/** The request's `Authorization: Bearer` value; 401 without one. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized(MESSAGES.unauthorized);
  return token;
}

/** The claims of the request's bearer token, valid, unexpired and of the host's platform; 401 otherwise. */
export async function tokenClaims(request: FastifyRequest): Promise<AccessClaims> {
  const token = bearerToken(request);
  const claims = await request.server.deps.tokens.verify(token);
  if (!claims || claims.platformId !== request.platform.id) throw unauthorized(MESSAGES.unauthorized);
  return claims;
}

/**
 * onRequest hook: a valid, unexpired token of a user of the host's platform whose tokens were not revoked.
 * Anything else is 401, which the client reads as "log out".
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const claims = await tokenClaims(request);
  const user = await request.server.deps.access.user(
    request.server.deps.db,
    claims.platformId,
    claims.userId,
  );
  if (!user || user.tokenVersion !== claims.version) throw unauthorized(MESSAGES.unauthorized);
  request.auth = { platformId: user.platformId, userId: user.id };
}

/** Registers `routes` behind the auth guard (no workspace needed). */
export function authenticatedScope(app: FastifyInstance, routes: (scope: ZodApp) => Promise<void>) {
  return app.register(async (scope) => {
    scope.addHook('onRequest', requireAuth);
    await routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
