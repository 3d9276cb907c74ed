import {
  listPageQuerySchema,
  salesStageCreateSchema,
  salesStageDeleteQuerySchema,
  salesStageOrderSchema,
  salesStageSchema,
  salesStageUpdateSchema,
} from '@vendaval/core/schemas/catalog';
import { idSchema, okSchema, pageOf } from '@vendaval/core/schemas/common';
import { z } from 'zod';
import type { PublishingDeps } from '../../infra/events.ts';
import type { ZodApp } from '../../infra/zod-app.ts';
import { listSalesStages } from './catalog.service.ts';
import * as stages from './stages.service.ts';

const tags = ['catalog'];
const security = [{ bearer: [] }];
const params = z.object({ id: idSchema });

/** The pipeline's stages: any member reads them, the admin and managing roles change them. */
export function salesStageRoutes(scope: ZodApp, deps: PublishingDeps) {
  const { db } = deps;
  scope.get(
    '/sales-stages',
    {
      schema: {
        tags,
        security,
        querystring: listPageQuerySchema,
        response: { 200: pageOf(salesStageSchema) },
      },
    },
    (request) => listSalesStages(db, request.ctx, request.query),
  );
  scope.post(
    '/sales-stages',
    { schema: { tags, security, body: salesStageCreateSchema, response: { 200: salesStageSchema } } },
    (request) => stages.createStage(db, request.ctx, request.body),
  );
  scope.put(
    '/sales-stages/order',
    {
      schema: {
        tags,
        security,
        body: salesStageOrderSchema,
        response: { 200: z.object({ data: z.array(salesStageSchema) }) },
      },
    },
    (request) => stages.reorderStages(db, request.ctx, request.body.stage_ids),
  );
  scope.put(
    '/sales-stages/:id',
    { schema: { tags, security, params, body: salesStageUpdateSchema, response: { 200: salesStageSchema } } },
    (request) => stages.updateStage(db, request.ctx, request.params.id, request.body),
  );
  scope.delete(
    '/sales-stages/:id',
    {
      schema: {
        tags,
        security,
        params,
        querystring: salesStageDeleteQuerySchema,
        response: { 200: okSchema },
      },
    },
    (request) => stages.deleteStage(deps, request.ctx, request.params.id, request.query.move_to),
  );
}
