import { idSchema, okSchema, pageOf } from '@vendaval/core/schemas/common';
import {
  scheduleImportListQuerySchema,
  scheduleImportResultSchema,
  scheduleImportSchema,
  scheduleTaskCreateSchema,
  scheduleTaskListQuerySchema,
  scheduleTaskRescheduleSchema,
  scheduleTaskSchema,
  scheduleTaskUpdateSchema,
  scheduleTemplateCreateSchema,
  scheduleTemplateListQuerySchema,
  scheduleTemplateOptionsSchema,
  scheduleTemplateSchema,
  scheduleTemplateTaskBatchSchema,
  scheduleTemplateTaskCreateSchema,
  scheduleTemplateTaskSchema,
  scheduleTemplateTaskUpdateSchema,
  scheduleTemplateUpdateSchema,
} from '@vendaval/core/schemas/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { planningGate } from './planning-gate.ts';
import * as schedule from './schedule.service.ts';

const security = [{ bearer: [] }];
const tags = ['planning'];
const params = z.object({ id: idSchema });
const taskParams = z.object({ id: idSchema, taskId: idSchema });

/** Schedule templates, their tasks and the members' schedule tasks (platform.md §7), where the profile has planning. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await workspaceScope(app, async (scope) => {
    planningGate(scope);

    scope.get(
      '/schedule-templates',
      {
        schema: {
          tags,
          security,
          querystring: scheduleTemplateListQuerySchema,
          response: { 200: pageOf(scheduleTemplateSchema) },
        },
      },
      (request) => schedule.listTemplates(db, request.ctx, request.query),
    );
    scope.get(
      '/schedule-templates/list',
      { schema: { tags, security, response: { 200: scheduleTemplateOptionsSchema } } },
      (request) => schedule.templateOptions(db, request.ctx),
    );
    scope.post(
      '/schedule-templates',
      {
        schema: {
          tags,
          security,
          body: scheduleTemplateCreateSchema,
          response: { 200: scheduleTemplateSchema },
        },
      },
      (request) => schedule.createTemplate(db, request.ctx, request.body),
    );
    scope.get(
      '/schedule-templates/:id',
      { schema: { tags, security, params, response: { 200: scheduleTemplateSchema } } },
      (request) => schedule.getTemplate(db, request.ctx, request.params.id),
    );
    scope.put(
      '/schedule-templates/:id',
      {
        schema: {
          tags,
          security,
          params,
          body: scheduleTemplateUpdateSchema,
          response: { 200: scheduleTemplateSchema },
        },
      },
      (request) => schedule.updateTemplate(db, request.ctx, request.params.id, request.body),
    );
    scope.delete(
      '/schedule-templates/:id',
      { schema: { tags, security, params, response: { 200: okSchema } } },
      (request) => schedule.deleteTemplate(db, request.ctx, request.params.id),
    );

    scope.get(
      '/schedule-templates/:id/tasks',
      { schema: { tags, security, params, response: { 200: pageOf(scheduleTemplateTaskSchema) } } },
      (request) => schedule.listTemplateTasks(db, request.ctx, request.params.id),
    );
    scope.post(
      '/schedule-templates/:id/tasks',
      {
        schema: {
          tags,
          security,
          params,
          body: scheduleTemplateTaskCreateSchema,
          response: { 200: scheduleTemplateTaskSchema },
        },
      },
      (request) => schedule.createTemplateTask(db, request.ctx, request.params.id, request.body),
    );
    scope.get(
      '/schedule-templates/:id/tasks/:taskId',
      { schema: { tags, security, params: taskParams, response: { 200: scheduleTemplateTaskSchema } } },
      (request) => schedule.getTemplateTask(db, request.ctx, request.params.id, request.params.taskId),
    );
    scope.post(
      '/schedule-templates/:id/tasks/:taskId',
      {
        schema: {
          tags,
          security,
          params: taskParams,
          body: scheduleTemplateTaskUpdateSchema,
          response: { 200: scheduleTemplateTaskSchema },
        },
      },
      (request) =>
        schedule.updateTemplateTask(db, request.ctx, request.params.id, request.params.taskId, request.body),
    );
    scope.delete(
      '/schedule-templates/:id/tasks/:taskId',
      { schema: { tags, security, params: taskParams, response: { 200: okSchema } } },
      (request) => schedule.deleteTemplateTask(db, request.ctx, request.params.id, request.params.taskId),
    );
    scope.post(
      '/schedule-templates/:id/tasks-batch-upsert',
      {
        schema: {
          tags,
          security,
          params,
          body: scheduleTemplateTaskBatchSchema,
          response: { 200: pageOf(scheduleTemplateTaskSchema) },
        },
      },
      (request) => schedule.batchUpsertTemplateTasks(db, request.ctx, request.params.id, request.body),
    );

    scope.get(
      '/schedule-templates-tasks',
      {
        schema: {
          tags,
          security,
          querystring: scheduleImportListQuerySchema,
          response: { 200: pageOf(scheduleTaskSchema) },
        },
      },
      (request) => schedule.listImportedTasks(db, request.ctx, request.query),
    );
    scope.post(
      '/schedule-templates-tasks',
      {
        schema: {
          tags,
          security,
          body: scheduleImportSchema,
          response: { 200: scheduleImportResultSchema },
        },
      },
      (request) => schedule.importTemplate(db, request.ctx, request.body),
    );

    scope.get(
      '/schedule-tasks',
      {
        schema: {
          tags,
          security,
          querystring: scheduleTaskListQuerySchema,
          response: { 200: pageOf(scheduleTaskSchema) },
        },
      },
      (request) => schedule.listScheduleTasks(db, request.ctx, request.query),
    );
    scope.post(
      '/schedule-tasks',
      { schema: { tags, security, body: scheduleTaskCreateSchema, response: { 200: scheduleTaskSchema } } },
      (request) => schedule.createScheduleTask(db, request.ctx, request.body),
    );
    scope.get(
      '/schedule-tasks/:id',
      { schema: { tags, security, params, response: { 200: scheduleTaskSchema } } },
      (request) => schedule.getScheduleTask(db, request.ctx, request.params.id),
    );
    scope.put(
      '/schedule-tasks/:id',
      {
        schema: {
          tags,
          security,
          params,
          body: scheduleTaskUpdateSchema,
          response: { 200: scheduleTaskSchema },
        },
      },
      (request) => schedule.updateScheduleTask(db, request.ctx, request.params.id, request.body),
    );
    scope.delete(
      '/schedule-tasks/:id',
      { schema: { tags, security, params, response: { 200: okSchema } } },
      (request) => schedule.deleteScheduleTask(db, request.ctx, request.params.id),
    );
    scope.patch(
      '/schedule-tasks/:id/end',
      { schema: { tags, security, params, response: { 200: scheduleTaskSchema } } },
      (request) => schedule.endScheduleTask(db, request.ctx, request.params.id),
    );
    scope.patch(
      '/schedule-tasks/:id/reschedule',
      {
        schema: {
          tags,
          security,
          params,
          body: scheduleTaskRescheduleSchema,
          response: { 200: scheduleTaskSchema },
        },
      },
      (request) => schedule.rescheduleScheduleTask(db, request.ctx, request.params.id, request.body),
    );
  });
};
