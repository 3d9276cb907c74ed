import {
  batchAudienceCountSchema,
  batchAudienceSchema,
  batchMessageCreateSchema,
  batchMessageDetailSchema,
  batchMessageSchema,
  batchPreviewBodySchema,
  batchPreviewSchema,
} from '@vendaval/core/schemas/batch-messages';
import { idSchema, pageOf, paginationQuerySchema } from '@vendaval/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as batches from './batch-messages.service.ts';

const security = [{ bearer: [] }];
const tags = ['batch-messages'];
const params = z.object({ id: idSchema });
// A media header's file travels as base64 in the template, as in a room's opening.
const BODY_LIMIT = 24 * 1024 * 1024;

/** Batch messaging (chat.md §7, platform.md §4): created, paused, resumed and cancelled; sent by a job. */
export const batchMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = batches.batchDeps(app.deps);
  const { db } = deps;

  await workspaceScope(app, async (scope) => {
    scope.get(
      '/batch-messages',
      {
        schema: {
          tags,
          security,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(batchMessageSchema) },
        },
      },
      (request) => batches.listBatchMessages(db, request.ctx, request.query),
    );
    scope.post(
      '/batch-messages',
      {
        bodyLimit: BODY_LIMIT,
        schema: { tags, security, body: batchMessageCreateSchema, response: { 200: batchMessageSchema } },
      },
      (request) => batches.createBatchMessage(deps, request.ctx, request.body),
    );
    scope.post(
      '/batch-messages/audience',
      { schema: { tags, security, body: batchAudienceSchema, response: { 200: batchAudienceCountSchema } } },
      (request) => batches.countAudience(db, request.ctx, request.body.filter),
    );
    scope.post(
      '/batch-messages/preview',
      {
        bodyLimit: BODY_LIMIT,
        schema: { tags, security, body: batchPreviewBodySchema, response: { 200: batchPreviewSchema } },
      },
      (request) => batches.previewBatchMessage(db, request.ctx, request.body),
    );
    scope.get(
      '/batch-messages/:id',
      { schema: { tags, security, params, response: { 200: batchMessageDetailSchema } } },
      (request) => batches.getBatchMessage(db, request.ctx, request.params.id),
    );
    scope.post(
      '/batch-messages/:id/pause',
      { schema: { tags, security, params, response: { 200: batchMessageSchema } } },
      (request) => batches.pauseBatchMessage(db, request.ctx, request.params.id),
    );
    scope.post(
      '/batch-messages/:id/resume',
      { schema: { tags, security, params, response: { 200: batchMessageSchema } } },
      (request) => batches.resumeBatchMessage(deps, request.ctx, request.params.id),
    );
    scope.post(
      '/batch-messages/:id/cancel',
      { schema: { tags, security, params, response: { 200: batchMessageSchema } } },
      (request) => batches.cancelBatchMessage(db, request.ctx, request.params.id),
    );
  });
};
