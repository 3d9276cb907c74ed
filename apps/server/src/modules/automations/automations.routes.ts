import {
  automationCreateSchema,
  automationEndWaitsResultSchema,
  automationForecastResultSchema,
  automationForecastSchema,
  automationLogsQuerySchema,
  automationRunSchema,
  automationSchema,
  automationUpdateSchema,
  automationVersionSchema,
} from '@vendaval/core/schemas/automations';
import { idSchema, okSchema, pageOf, paginationQuerySchema } from '@vendaval/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { endWaitsInSandbox } from './automations.engine.ts';
import * as automations from './automations.service.ts';

const security = [{ bearer: [] }];
const tags = ['automations'];
const params = z.object({ id: idSchema });
const versionParams = z.object({ id: idSchema, versionId: idSchema });

/** The workspace's automations: drafts, immutable published versions, the run log and the forecast. */
export const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, jobs, config } = app.deps;

  await workspaceScope(app, async (scope) => {
    scope.post(
      '/automations/forecast',
      {
        schema: {
          tags,
          security,
          body: automationForecastSchema,
          response: { 200: automationForecastResultSchema },
        },
      },
      (request) => automations.forecast(db, request.ctx, request.body.definition),
    );
    scope.get(
      '/automations',
      {
        schema: {
          tags,
          security,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(automationSchema) },
        },
      },
      (request) => automations.listAutomations(db, request.ctx, request.query),
    );
    scope.post(
      '/automations',
      { schema: { tags, security, body: automationCreateSchema, response: { 200: automationSchema } } },
      (request) => automations.createAutomation(db, request.ctx, request.body),
    );
    scope.get(
      '/automations/:id',
      { schema: { tags, security, params, response: { 200: automationSchema } } },
      (request) => automations.getAutomation(db, request.ctx, request.params.id),
    );
    scope.patch(
      '/automations/:id',
      {
        schema: { tags, security, params, body: automationUpdateSchema, response: { 200: automationSchema } },
      },
      (request) => automations.updateAutomation(db, request.ctx, request.params.id, request.body),
    );
    scope.delete(
      '/automations/:id',
      { schema: { tags, security, params, response: { 200: okSchema } } },
      (request) => automations.deleteAutomation(db, request.ctx, request.params.id),
    );
    scope.get(
      '/automations/:id/versions',
      { schema: { tags, security, params, response: { 200: pageOf(automationVersionSchema) } } },
      (request) => automations.listVersions(db, request.ctx, request.params.id),
    );
    scope.get(
      '/automations/:id/versions/:versionId',
      { schema: { tags, security, params: versionParams, response: { 200: automationVersionSchema } } },
      (request) => automations.getVersion(db, request.ctx, request.params.id, request.params.versionId),
    );
    scope.post(
      '/automations/:id/versions/:versionId',
      { schema: { tags, security, params: versionParams, response: { 200: automationVersionSchema } } },
      (request) => automations.makeVersionLive(db, request.ctx, request.params.id, request.params.versionId),
    );
    scope.post(
      '/automations/:id/publish',
      { schema: { tags, security, params, response: { 200: automationVersionSchema } } },
      (request) => automations.publishAutomation(db, request.ctx, request.params.id),
    );
    scope.get(
      '/automations/:id/logs',
      {
        schema: {
          tags,
          security,
          params,
          querystring: automationLogsQuerySchema,
          response: { 200: pageOf(automationRunSchema) },
        },
      },
      (request) => automations.listRuns(db, request.ctx, request.params.id, request.query),
    );
    scope.post(
      '/automations/sandbox-end-waits',
      { schema: { tags, security, response: { 200: automationEndWaitsResultSchema } } },
      (request) => endWaitsInSandbox({ jobs, sandboxClock: config.sandboxClock }, request.ctx),
    );
  });
};
