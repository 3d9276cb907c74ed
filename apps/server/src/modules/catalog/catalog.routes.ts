import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { adminListRoutes } from './lists.routes.ts';
import { salesStageRoutes } from './stages.routes.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app.deps;
  await workspaceScope(app, async (scope) => {
    salesStageRoutes(scope, { db, events });
    adminListRoutes(scope, db);
  });
};
