import {
  opportunityBatchAssignSchema,
  opportunityBatchParamsSchema,
  opportunityBatchSchema,
  opportunityBatchTransferJobSchema,
} from '@vendaval/core/schemas/opportunity-batches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as batches from './opportunity-batches.service.ts';

const security = [{ bearer: [] }];
const tags = ['opportunities'];
const answer = { 200: opportunityBatchSchema };

/** Batch assign and transfer of the board's cards, run by a job whose progress the starter reads. */
export const opportunityBatchRoutes =
  (deps: batches.BatchDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await workspaceScope(app, async (scope) => {
      scope.post(
        '/opportunities/batch-jobs/assign',
        { schema: { tags, security, body: opportunityBatchAssignSchema, response: answer } },
        (request) => batches.startBatchAssign(deps, request.ctx, request.body),
      );
      scope.post(
        '/opportunities/batch-jobs/transfer',
        { schema: { tags, security, body: opportunityBatchTransferJobSchema, response: answer } },
        (request) => batches.startBatchTransfer(deps, request.ctx, request.body),
      );
      scope.get(
        '/opportunities/batch-jobs/:id',
        { schema: { tags, security, params: opportunityBatchParamsSchema, response: answer } },
        (request) => batches.getBatch(deps.db, request.ctx, request.params.id),
      );
    });
  };
