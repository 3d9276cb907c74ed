import { MESSAGES } from '@vendaval/core/messages';
import { isRole } from '@vendaval/core/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../infra/errors.ts';
import type { ZodApp } from '../../infra/zod-app.ts';
import { requireAuth } from '../auth/auth.guard.ts';
import { findMembership } from '../users/users.service.ts';
import { findWorkspaceOfPlatform } from './workspaces.service.ts';

/**
 * The tenancy invariant: every route under /workspaces/:workspaceId passes here. The workspace must belong to
 * the host's platform and the caller must be its member; otherwise 404, so foreign ids leak nothing.
 */
export async function requireWorkspaceMember(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  const auth = request.auth;
  const workspaceId = Number((request.params as { workspaceId?: string }).workspaceId);
  if (!auth || !Number.isSafeInteger(workspaceId) || workspaceId <= 0) throw notFound(MESSAGES.notFound);
  const { db } = request.server.deps;
  const [workspace, membership] = await Promise.all([
    findWorkspaceOfPlatform(db, auth.platformId, workspaceId),
    findMembership(db, auth.platformId, workspaceId, auth.userId),
  ]);
  if (!workspace || !membership || !isRole(membership.role)) throw notFound(MESSAGES.notFound);
  request.ctx = { ...auth, workspaceId, role: membership.role };
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
