import { salesStageSchema } from '@vendaval/core/schemas/catalog';
import { pageOf } from '@vendaval/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../workspaces/workspace.guard.ts';
import * as catalog from './catalog.service.ts';

const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/sales-stages',
      {
        schema: {
          tags: ['catalog'],
          security: [{ bearer: [] }],
          querystring: listQuery,
          response: { 200: pageOf(salesStageSchema) },
        },
      },
      (request) => catalog.listSalesStages(db, request.ctx, request.query),
    );
  });
};
