import {
  contactExportQuerySchema,
  exportParamsSchema,
  exportSchema,
  opportunityExportQuerySchema,
  pdcaExportQuerySchema,
} from '@vendaval/core/schemas/exports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../infra/route-schemas.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { refuseWithoutPlanning } from '../planning/planning-gate.ts';
import * as exports from './exports.service.ts';

const security = [{ bearer: [] }];
const tags = ['exports'];
const started = { 200: exportSchema };

/** Contacts and the board's cards as CSV or XLSX files, a plan's PDCA as XLSX or PDF, written by a job (platform.md §7 "Exports"). */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, jobs, storage, events, platforms } = app.deps;
  const deps = { db, jobs, storage, events, platforms };

  await workspaceScope(app, async (scope) => {
    scope.get(
      '/exports/contacts',
      { schema: { tags, security, querystring: contactExportQuerySchema, response: started } },
      (request) => exports.startExport(deps, request.ctx, 'contacts', request.query.format),
    );
    scope.get(
      '/exports/opportunities',
      { schema: { tags, security, querystring: opportunityExportQuerySchema, response: started } },
      (request) => exports.startOpportunityExport(deps, request.ctx, request.query),
    );
    scope.get(
      '/exports/pdca',
      {
        // A brand without planning has no PDCA to export.
        onRequest: refuseWithoutPlanning,
        schema: { tags, security, querystring: pdcaExportQuerySchema, response: started },
      },
      (request) => exports.startPdcaExport(deps, request.ctx, request.query),
    );
    scope.get(
      '/exports/:id',
      { schema: { tags, security, params: exportParamsSchema, response: started } },
      (request) => exports.getExport(db, request.ctx, request.params.id),
    );
    scope.get(
      '/exports/:id/download',
      {
        schema: {
          tags,
          security,
          params: exportParamsSchema,
          produces: [
            'text/csv',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'application/pdf',
          ],
          response: fileResponse,
        },
      },
      async (request, reply) => {
        const { file, filename, contentType } = await exports.downloadExport(
          deps,
          request.ctx,
          request.params.id,
        );
        return reply
          .header('content-type', contentType)
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  });
};
