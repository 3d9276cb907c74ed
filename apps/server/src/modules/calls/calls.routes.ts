import {
  batchCallCreateSchema,
  batchCallListSchema,
  batchCallParamsSchema,
  batchCallSchema,
  opportunityCallCreateSchema,
  opportunityCallListQuerySchema,
  opportunityCallParamsSchema,
  opportunityCallSchema,
  sandboxHangUpSchema,
  telephonySchema,
} from '@vendaval/core/schemas/calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as calls from './calls.service.ts';

const security = [{ bearer: [] }];
const tags = ['calls'];
const row = { 200: batchCallSchema };
const call = { 200: opportunityCallSchema };

/** Call queues over the board's cards, single calls, and the call records (platform.md §4 "Phone", §7). */
export const callsRoutes =
  (deps: calls.CallDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await workspaceScope(app, async (scope) => {
      scope.get('/telephony', { schema: { tags, security, response: { 200: telephonySchema } } }, (r) =>
        calls.getTelephony(deps, r.ctx),
      );
      scope.post(
        '/batch-calls',
        { schema: { tags, security, body: batchCallCreateSchema, response: row } },
        (r) => calls.createBatchCall(deps, r.ctx, r.body),
      );
      scope.get('/batch-calls', { schema: { tags, security, response: { 200: batchCallListSchema } } }, (r) =>
        calls.listOpenBatchCalls(deps, r.ctx),
      );
      scope.get(
        '/batch-calls/:id',
        { schema: { tags, security, params: batchCallParamsSchema, response: row } },
        (r) => calls.getBatchCall(deps, r.ctx, r.params.id),
      );
      scope.post(
        '/batch-calls/:id/start',
        { schema: { tags, security, params: batchCallParamsSchema, response: row } },
        (r) => calls.startBatchCall(deps, r.ctx, r.params.id),
      );
      scope.post(
        '/batch-calls/:id/pause',
        { schema: { tags, security, params: batchCallParamsSchema, response: row } },
        (r) => calls.pauseBatchCall(deps, r.ctx, r.params.id),
      );
      scope.post(
        '/batch-calls/:id/stop',
        { schema: { tags, security, params: batchCallParamsSchema, response: row } },
        (r) => calls.stopBatchCall(deps, r.ctx, r.params.id),
      );
      scope.post(
        '/opportunity-calls',
        { schema: { tags, security, body: opportunityCallCreateSchema, response: call } },
        (r) => calls.createOpportunityCall(deps, r.ctx, r.body),
      );
      scope.get(
        '/opportunity-calls',
        {
          schema: {
            tags,
            security,
            querystring: opportunityCallListQuerySchema,
            response: { 200: z.object({ data: z.array(opportunityCallSchema) }) },
          },
        },
        (r) => calls.listOpportunityCalls(deps, r.ctx, r.query),
      );
      scope.get(
        '/opportunity-calls/:id',
        { schema: { tags, security, params: opportunityCallParamsSchema, response: call } },
        (r) => calls.getOpportunityCall(deps, r.ctx, r.params.id),
      );
      scope.post(
        '/opportunity-calls/:id/end',
        { schema: { tags, security, params: opportunityCallParamsSchema, response: call } },
        (r) => calls.endOpportunityCall(deps, r.ctx, r.params.id),
      );
      scope.post(
        '/opportunity-calls/:id/sandbox-hang-up',
        {
          schema: {
            tags,
            security,
            params: opportunityCallParamsSchema,
            body: sandboxHangUpSchema,
            response: call,
          },
        },
        (r) => calls.sandboxHangUp(deps, r.ctx, r.params.id, r.body),
      );
    });
  };
