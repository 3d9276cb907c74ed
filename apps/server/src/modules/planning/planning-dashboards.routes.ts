import {
  PLANNING_DASHBOARD_METRIC_NAMES,
  planningDashboardQuerySchema,
  planningDashboardSeriesSchema,
  planningDashboardSummarySchema,
  planningSubmittedSchema,
} from '@vendaval/core/schemas/planning';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as dashboards from './planning-dashboards.service.ts';
import { planningGate } from './planning-gate.ts';

const security = [{ bearer: [] }];
const tags = ['planning'];
const querystring = planningDashboardQuerySchema;
const answering = <R extends z.ZodType>(response: R) => ({
  schema: { tags, security, querystring, response: { 200: response } },
});

/** The plan's dashboards (platform.md §7): each goal against the cards' actuals per month, and who submitted. */
export const planningDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await workspaceScope(app, async (scope) => {
    planningGate(scope);

    scope.get('/planning-dashboards/summary', answering(planningDashboardSummarySchema), (request) =>
      dashboards.planningSummary(db, request.ctx, request.query),
    );
    scope.get('/planning-dashboards/submitted', answering(planningSubmittedSchema), (request) =>
      dashboards.planningSubmitted(db, request.ctx, request.query),
    );
    for (const metric of PLANNING_DASHBOARD_METRIC_NAMES) {
      scope.get(`/planning-dashboards/${metric}`, answering(planningDashboardSeriesSchema), (request) =>
        dashboards.planningSeries(db, request.ctx, request.query, metric),
      );
    }
  });
};
