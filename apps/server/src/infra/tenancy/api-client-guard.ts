import { MESSAGES } from '@vendaval/core/messages';
import { apiRoleMayCall } from '@vendaval/core/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound, unauthorized } from '../errors.ts';

const WORKSPACE_ROUTE_PREFIX = '/api/v1/workspaces/:workspaceId';
const RATE_WINDOW_MS = 60_000;

/**
 * The workspace guard's branch for integration tokens: a live client of the host's platform (else 401), of this
 * workspace (else 404, like any foreign id), whose API role may call this route (else 403), within its own
 * rate limit (else 429). The client then acts as its own user with its API role.
 */
export async function requireApiClient(
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  workspaceId: number,
  secret: string,
) {
  const { deps } = request.server;
  const client = await deps.access.apiClient(deps.db, request.platform.id, secret);
  if (!client) throw unauthorized(MESSAGES.unauthorized);
  if (client.workspaceId !== workspaceId) throw notFound(MESSAGES.notFound);
  const path = request.routeOptions.url?.slice(WORKSPACE_ROUTE_PREFIX.length) ?? '';
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (!apiRoleMayCall(client.role, method, path)) throw forbidden(MESSAGES.forbidden);
  request.auth = { platformId: request.platform.id, userId: client.userId };
  request.ctx = { ...request.auth, workspaceId, role: client.role };
  await withinRateLimit(request, reply);
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const limiters = new WeakMap<FastifyInstance, Limiter>();

/**
 * Each client has its own budget of calls per minute, kept by the app's rate-limit store (Redis or the database),
 * so every server process counts the same calls. A client acts as its own user: that user is the key.
 */
function limiterOf(server: FastifyInstance): Limiter {
  const known = limiters.get(server);
  if (known) return known;
  const limiter = server.createRateLimit({
    max: server.deps.config.apiClientRequestsPerMinute,
    timeWindow: RATE_WINDOW_MS,
    keyGenerator: (request) => `integration:${request.auth.platformId}:${request.auth.userId}`,
  });
  limiters.set(server, limiter);
  return limiter;
}

async function withinRateLimit(request: FastifyRequest, reply: FastifyReply | undefined) {
  const verdict = await limiterOf(request.server)(request);
  // `isAllowed` only says the key is exempt; a counted call is refused when it exceeds the budget.
  if (verdict.isAllowed || !verdict.isExceeded) return;
  reply?.header('retry-after', verdict.ttlInSeconds);
  throw new HttpError(429, MESSAGES.apiRateLimited);
}
