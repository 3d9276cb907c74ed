import { listPageQuerySchema, salesStageSchema } from '@vendaval/core/schemas/catalog';
import { pageOf } from '@vendaval/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceScope } from '../workspaces/workspace.guard.ts';
import * as catalog from './catalog.service.ts';
import { adminListRoutes } from './lists.routes.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/sales-stages',
      {
        schema: {
          tags: ['catalog'],
          security: [{ bearer: [] }],
          querystring: listPageQuerySchema,
          response: { 200: pageOf(salesStageSchema) },
        },
      },
      (request) => catalog.listSalesStages(db, request.ctx, request.query),
    );
    adminListRoutes(scope, db);
  });
};
