import { idSchema, pageOf } from '@vendaval/core/schemas/common';
import { historyEntrySchema, historyQuerySchema } from '@vendaval/core/schemas/history';
import {
  opportunityAssignSchema,
  opportunityBatchTransferResultSchema,
  opportunityBatchTransferSchema,
  opportunityCallSchema,
  opportunityCloseSchema,
  opportunityCreateSchema,
  opportunityDetailQuerySchema,
  opportunityFilterSchema,
  opportunityListItemSchema,
  opportunityListQuerySchema,
  opportunityMoveSchema,
  opportunityRecreateSchema,
  opportunityReopenSchema,
  opportunitySchema,
  opportunityTransferSchema,
  opportunityUpdateSchema,
  stageSummarySchema,
} from '@vendaval/core/schemas/opportunities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import {
  closeOpportunity,
  moveOpportunity,
  recreateOpportunity,
  reopenOpportunity,
} from './opportunities.lifecycle.ts';
import { onlySent, rememberSentFields } from './opportunities.payload.ts';
import * as cards from './opportunities.service.ts';
import { batchTransfer, transferOpportunity } from './opportunities.transfer.ts';

const security = [{ bearer: [] }];
const tags = ['opportunities'];
const params = z.object({ id: idSchema });
const card = { 200: opportunitySchema };

/** The cards of a workspace (opportunities.md; platform.md §7 "Opportunities"). */
export const opportunityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, platforms, events } = app.deps;
  const cardDeps = { db, events };
  const mainCollaborator = (platformId: number) => platforms.get(platformId).flags.main_collaborator;

  await workspaceScope(app, async (scope) => {
    scope.get(
      '/opportunities',
      {
        schema: {
          tags,
          security,
          querystring: opportunityListQuerySchema,
          response: { 200: pageOf(opportunityListItemSchema) },
        },
      },
      (request) => cards.listOpportunities(db, request.ctx, request.query),
    );
    scope.get(
      '/opportunities/summary',
      {
        schema: {
          tags,
          security,
          querystring: opportunityFilterSchema,
          response: { 200: stageSummarySchema },
        },
      },
      (request) => cards.summarizeOpportunities(db, request.ctx, request.query),
    );
    scope.get(
      '/opportunities/history',
      {
        schema: {
          tags,
          security,
          querystring: historyQuerySchema,
          response: { 200: pageOf(historyEntrySchema) },
        },
      },
      (request) => cards.listOpportunityHistory(db, request.ctx, request.query),
    );
    scope.get(
      '/opportunities/:id',
      { schema: { tags, security, params, querystring: opportunityDetailQuerySchema, response: card } },
      (request) => cards.getOpportunity(db, request.ctx, request.params.id, request.query),
    );
    scope.post(
      '/opportunities',
      {
        schema: { tags, security, body: opportunityCreateSchema, response: card },
        preValidation: rememberSentFields,
      },
      (request) =>
        cards.createOpportunity(cardDeps, request.ctx, onlySent(request, request.body, 'contact'), {
          mainCollaborator: mainCollaborator(request.ctx.platformId),
          presetMediaId: platforms.get(request.ctx.platformId).preset_values.media_id,
        }),
    );
    scope.put(
      '/opportunities/:id',
      {
        schema: { tags, security, params, body: opportunityUpdateSchema, response: card },
        preValidation: rememberSentFields,
      },
      (request) =>
        cards.updateOpportunity(
          cardDeps,
          request.ctx,
          request.params.id,
          onlySent(request, request.body, 'all'),
        ),
    );
    scope.put(
      '/opportunities/:id/move-to',
      { schema: { tags, security, params, body: opportunityMoveSchema, response: card } },
      (request) => moveOpportunity(cardDeps, request.ctx, request.params.id, request.body),
    );
    scope.post(
      '/opportunities/:id/calls',
      { schema: { tags, security, params, body: opportunityCallSchema, response: card } },
      (request) => cards.recordCall(cardDeps, request.ctx, request.params.id, request.body),
    );
    scope.put(
      '/opportunities/:id/assign',
      { schema: { tags, security, params, body: opportunityAssignSchema, response: card } },
      (request) => cards.assignOpportunity(cardDeps, request.ctx, request.params.id, request.body),
    );
    scope.put(
      '/opportunities/:id/close',
      { schema: { tags, security, params, body: opportunityCloseSchema, response: card } },
      (request) => closeOpportunity(cardDeps, request.ctx, request.params.id, request.body),
    );
    scope.put(
      '/opportunities/:id/reopen',
      { schema: { tags, security, params, body: opportunityReopenSchema, response: card } },
      (request) => reopenOpportunity(cardDeps, request.ctx, request.params.id, request.body),
    );
    scope.put(
      '/opportunities/:id/recreate',
      { schema: { tags, security, params, body: opportunityRecreateSchema, response: card } },
      (request) => recreateOpportunity(cardDeps, request.ctx, request.params.id),
    );
    scope.put(
      '/opportunities/:id/transfer',
      { schema: { tags, security, params, body: opportunityTransferSchema, response: card } },
      (request) =>
        transferOpportunity(
          cardDeps,
          request.ctx,
          mainCollaborator(request.ctx.platformId),
          request.params.id,
          request.body,
        ),
    );
    scope.post(
      '/opportunities/batch-transfer',
      {
        schema: {
          tags,
          security,
          body: opportunityBatchTransferSchema,
          response: { 200: opportunityBatchTransferResultSchema },
        },
      },
      (request) =>
        batchTransfer(cardDeps, request.ctx, mainCollaborator(request.ctx.platformId), request.body),
    );
  });
};
