import { idSchema } from '@vendaval/core/schemas/common';
import {
  breakdownSchema,
  commercialWorkspacesSchema,
  dashboardFilterSchema,
  digitalEmployeeOpportunitiesQuerySchema,
  digitalEmployeeOpportunitiesSchema,
  digitalEmployeeStatsSchema,
  imbotSummarySchema,
  omnichannelSummarySchema,
  overallSummarySchema,
  pagedBreakdownSchema,
  productQuerySchema,
  salesRepDashboardSchema,
  salesRepQuerySchema,
  salesStageDashboardSchema,
  serviceTrailsSchema,
  taskScheduledDashboardSchema,
  tpoSummarySchema,
  userDashboardSchema,
  voipSummarySchema,
} from '@vendaval/core/schemas/dashboards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as dashboards from './dashboards.service.ts';

const security = [{ bearer: [] }];
const tags = ['dashboards'];
const querystring = dashboardFilterSchema;

const filtered = <R extends z.ZodType>(response: R) => ({
  schema: { tags, security, querystring, response: { 200: response } },
});
const paged = <Q extends z.ZodType, R extends z.ZodType>(query: Q, response: R) => ({
  schema: { tags, security, querystring: query, response: { 200: response } },
});

/** The dashboards of a workspace (platform.md §7 "Dashboards"; the /dashboard screen). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, platforms } = app.deps;

  await workspaceScope(app, async (scope) => {
    scope.get('/summary-dashboards/overall', filtered(overallSummarySchema), (request) =>
      dashboards.overallSummary(db, request.ctx, request.query),
    );
    scope.get('/summary-dashboards/omnichannel', filtered(omnichannelSummarySchema), (request) =>
      dashboards.omnichannelSummary(db, request.ctx, request.query),
    );
    scope.get('/summary-dashboards/imbot', filtered(imbotSummarySchema), (request) =>
      dashboards.imbotSummary(db, request.ctx, request.query),
    );
    scope.get('/summary-dashboards/tpo', filtered(tpoSummarySchema), (request) =>
      dashboards.tpoSummary(db, request.ctx, request.query),
    );
    scope.get('/summary-dashboards/voip', filtered(voipSummarySchema), (request) =>
      dashboards.voipSummary(db, request.ctx, request.query),
    );

    scope.get('/dashboards/sales-stage', filtered(salesStageDashboardSchema), (request) =>
      dashboards.salesStageDashboard(db, request.ctx, request.query),
    );
    scope.get('/dashboards/state-type', filtered(breakdownSchema), (request) =>
      dashboards.stateTypeBreakdown(db, request.ctx, request.query, platforms),
    );
    for (const dimension of dashboards.DIMENSION_NAMES.filter((d) => d !== 'product')) {
      scope.get(`/dashboards/${dimension}`, filtered(breakdownSchema), (request) =>
        dashboards.breakdown(db, request.ctx, request.query, dimension),
      );
    }
    scope.get('/dashboards/product', paged(productQuerySchema, pagedBreakdownSchema), (request) =>
      dashboards.productBreakdown(db, request.ctx, request.query),
    );
    scope.get('/dashboards/task-scheduled', filtered(taskScheduledDashboardSchema), (request) =>
      dashboards.taskScheduled(db, request.ctx, request.query),
    );
    scope.get('/dashboards/sales-rep', paged(salesRepQuerySchema, salesRepDashboardSchema), (request) =>
      dashboards.salesRepRanking(db, request.ctx, request.query),
    );
    scope.get('/dashboards/service-trails', filtered(serviceTrailsSchema), (request) =>
      dashboards.serviceTrails(db, request.ctx, request.query),
    );
    scope.get('/dashboards/digital-employee-stats', filtered(digitalEmployeeStatsSchema), (request) =>
      dashboards.digitalEmployeeStats(db, request.ctx, request.query),
    );
    scope.get(
      '/dashboards/:id',
      {
        schema: {
          tags,
          security,
          params: z.object({ id: idSchema }),
          querystring,
          response: { 200: userDashboardSchema },
        },
      },
      (request) => dashboards.userDashboard(db, request.ctx, request.params.id, request.query),
    );
    scope.get(
      '/digital-employees/dashboard/opportunities',
      paged(digitalEmployeeOpportunitiesQuerySchema, digitalEmployeeOpportunitiesSchema),
      (request) => dashboards.digitalEmployeeOpportunities(db, request.ctx, request.query),
    );
    scope.get('/commercial/dashboards/workspaces', filtered(commercialWorkspacesSchema), (request) =>
      dashboards.commercialWorkspaces(db, request.ctx, request.query),
    );
  });
};
