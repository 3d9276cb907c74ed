import { MESSAGES } from '@vendaval/core/messages';
import { apiRoleMayCall } from '@vendaval/core/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound, unauthorized } from '../errors.ts';
import { countHit } from '../rate-limits.ts';

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
  await withinRateLimit(request, reply, client.id);
  request.auth = { platformId: request.platform.id, userId: client.userId };
  request.ctx = { ...request.auth, workspaceId, role: client.role };
}

/** Each client has its own budget of calls per minute, counted where every server process sees it. */
async function withinRateLimit(request: FastifyRequest, reply: FastifyReply | undefined, clientId: number) {
  const max = request.server.deps.config.apiClientRequestsPerMinute;
  const hits = await countHit(request.server.deps.db, `api-client:${clientId}`, RATE_WINDOW_MS, max);
  if (hits.current <= max) return;
  reply?.header('retry-after', Math.ceil(hits.ttl / 1000));
  throw new HttpError(429, MESSAGES.apiRateLimited);
}
