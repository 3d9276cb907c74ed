import { idSchema, okSchema, pageOf } from '@vendaval/core/schemas/common';
import {
  graduationListQuerySchema,
  graduationPlanningCreateSchema,
  graduationPlanningUpdateSchema,
  pdcaActionSchema,
  pdcaSchema,
  pdcaUpdateSchema,
  planningActionCreateSchema,
  planningActionSchema,
  planningActionUpdateSchema,
  planningCreateSchema,
  planningListQuerySchema,
  planningMediaCreateSchema,
  planningMediaSchema,
  planningMediaUpdateSchema,
  planningPhaseChangeSchema,
  planningSchema,
  planningSummarySchema,
  planningUpdateSchema,
} from '@vendaval/core/schemas/planning';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as planning from './planning.service.ts';
import { planningGate } from './planning-gate.ts';

const security = [{ bearer: [] }];
const tags = ['planning'];
const params = z.object({ id: idSchema });
const mediaParams = z.object({ id: idSchema, mediaId: idSchema });
const actionParams = z.object({ id: idSchema, actionId: idSchema });

/** The unit's yearly commercial plan (platform.md §7 "Planning and schedule"), only where the profile has planning. */
export const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await workspaceScope(app, async (scope) => {
    planningGate(scope);

    scope.get(
      '/plannings',
      {
        schema: {
          tags,
          security,
          querystring: planningListQuerySchema,
          response: { 200: pageOf(planningSummarySchema) },
        },
      },
      (request) => planning.listPlannings(db, request.ctx, request.query),
    );
    scope.post(
      '/plannings',
      { schema: { tags, security, body: planningCreateSchema, response: { 200: planningSchema } } },
      (request) => planning.createPlanning(db, request.ctx, request.body),
    );
    scope.get(
      '/plannings/:id',
      { schema: { tags, security, params, response: { 200: planningSchema } } },
      (request) => planning.getPlanning(db, request.ctx, request.params.id),
    );
    scope.put(
      '/plannings/:id',
      { schema: { tags, security, params, body: planningUpdateSchema, response: { 200: planningSchema } } },
      (request) => planning.updatePlanning(db, request.ctx, request.params.id, request.body),
    );
    scope.patch(
      '/plannings/:id',
      {
        schema: {
          tags,
          security,
          params,
          body: planningPhaseChangeSchema,
          response: { 200: planningSchema },
        },
      },
      (request) => planning.changePlanningPhase(db, request.ctx, request.params.id, request.body),
    );

    scope.get(
      '/plannings/:id/medias',
      { schema: { tags, security, params, response: { 200: pageOf(planningMediaSchema) } } },
      (request) => planning.listPlanningMedias(db, request.ctx, request.params.id),
    );
    scope.post(
      '/plannings/:id/medias',
      {
        schema: {
          tags,
          security,
          params,
          body: planningMediaCreateSchema,
          response: { 200: planningMediaSchema },
        },
      },
      (request) => planning.createPlanningMedia(db, request.ctx, request.params.id, request.body),
    );
    scope.get(
      '/plannings/:id/medias/:mediaId',
      { schema: { tags, security, params: mediaParams, response: { 200: planningMediaSchema } } },
      (request) => planning.getPlanningMedia(db, request.ctx, request.params.id, request.params.mediaId),
    );
    scope.put(
      '/plannings/:id/medias/:mediaId',
      {
        schema: {
          tags,
          security,
          params: mediaParams,
          body: planningMediaUpdateSchema,
          response: { 200: planningMediaSchema },
        },
      },
      (request) =>
        planning.updatePlanningMedia(
          db,
          request.ctx,
          request.params.id,
          request.params.mediaId,
          request.body,
        ),
    );
    scope.delete(
      '/plannings/:id/medias/:mediaId',
      { schema: { tags, security, params: mediaParams, response: { 200: okSchema } } },
      (request) => planning.deletePlanningMedia(db, request.ctx, request.params.id, request.params.mediaId),
    );

    scope.get(
      '/plannings/:id/actions',
      { schema: { tags, security, params, response: { 200: pageOf(planningActionSchema) } } },
      (request) => planning.listPlanningActions(db, request.ctx, request.params.id),
    );
    scope.post(
      '/plannings/:id/actions',
      {
        schema: {
          tags,
          security,
          params,
          body: planningActionCreateSchema,
          response: { 200: planningActionSchema },
        },
      },
      (request) => planning.createPlanningAction(db, request.ctx, request.params.id, request.body),
    );
    scope.get(
      '/plannings/:id/actions/:actionId',
      { schema: { tags, security, params: actionParams, response: { 200: planningActionSchema } } },
      (request) => planning.getPlanningAction(db, request.ctx, request.params.id, request.params.actionId),
    );
    scope.put(
      '/plannings/:id/actions/:actionId',
      {
        schema: {
          tags,
          security,
          params: actionParams,
          body: planningActionUpdateSchema,
          response: { 200: planningActionSchema },
        },
      },
      (request) =>
        planning.updatePlanningAction(
          db,
          request.ctx,
          request.params.id,
          request.params.actionId,
          request.body,
        ),
    );
    scope.delete(
      '/plannings/:id/actions/:actionId',
      { schema: { tags, security, params: actionParams, response: { 200: okSchema } } },
      (request) => planning.deletePlanningAction(db, request.ctx, request.params.id, request.params.actionId),
    );

    scope.get(
      '/plannings/:id/pdca',
      { schema: { tags, security, params, response: { 200: pdcaSchema } } },
      (request) => planning.pdcaOf(db, request.ctx, request.params.id),
    );
    scope.patch(
      '/plannings/:id/actions/:actionId/pdca',
      {
        schema: {
          tags,
          security,
          params: actionParams,
          body: pdcaUpdateSchema,
          response: { 200: pdcaActionSchema },
        },
      },
      (request) =>
        planning.updatePdca(db, request.ctx, request.params.id, request.params.actionId, request.body),
    );

    scope.get(
      '/graduation/plannings',
      {
        schema: {
          tags,
          security,
          querystring: graduationListQuerySchema,
          response: { 200: pageOf(planningSummarySchema) },
        },
      },
      (request) => planning.listGraduationPlannings(db, request.ctx, request.query),
    );
    scope.post(
      '/graduation/plannings',
      { schema: { tags, security, body: graduationPlanningCreateSchema, response: { 200: planningSchema } } },
      (request) => planning.createGraduationPlanning(db, request.ctx, request.body),
    );
    scope.put(
      '/graduation/plannings/:id',
      {
        schema: {
          tags,
          security,
          params,
          body: graduationPlanningUpdateSchema,
          response: { 200: planningSchema },
        },
      },
      (request) => planning.updateGraduationPlanning(db, request.ctx, request.params.id, request.body),
    );
  });
};
