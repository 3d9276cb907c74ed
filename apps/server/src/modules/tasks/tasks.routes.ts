import { idSchema, okSchema, pageOf } from '@vendaval/core/schemas/common';
import {
  taskCreateSchema,
  taskDaysQuerySchema,
  taskDaysSchema,
  taskEndSchema,
  taskFilterSchema,
  taskListQuerySchema,
  taskSchema,
  taskSummarySchema,
  taskUpdateSchema,
} from '@vendaval/core/schemas/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as tasks from './tasks.service.ts';

const security = [{ bearer: [] }];
const tags = ['tasks'];
const params = z.object({ id: idSchema });

/** The agenda and the task form (opportunities.md §2.4, §4.2), under /workspaces/:workspaceId. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app.deps;
  events.on('card.transferred', (tx, { ctx, to, opportunityIds }) =>
    tasks.moveTasksOf(tx, ctx, to, opportunityIds),
  );
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/tasks',
      { schema: { tags, security, querystring: taskListQuerySchema, response: { 200: pageOf(taskSchema) } } },
      (request) => tasks.listTasks(db, request.ctx, request.query),
    );
    scope.get(
      '/tasks/summary',
      { schema: { tags, security, querystring: taskFilterSchema, response: { 200: taskSummarySchema } } },
      (request) => tasks.summarizeTasks(db, request.ctx, request.query),
    );
    scope.get(
      '/tasks/days',
      { schema: { tags, security, querystring: taskDaysQuerySchema, response: { 200: taskDaysSchema } } },
      (request) => tasks.countTasksPerDay(db, request.ctx, request.query),
    );
    scope.post(
      '/tasks',
      { schema: { tags, security, body: taskCreateSchema, response: { 200: taskSchema } } },
      (request) => tasks.createTask({ db, events }, request.ctx, request.body),
    );
    scope.get(
      '/tasks/:id',
      { schema: { tags, security, params, response: { 200: taskSchema } } },
      (request) => tasks.getTask(db, request.ctx, request.params.id),
    );
    scope.put(
      '/tasks/:id',
      { schema: { tags, security, params, body: taskUpdateSchema, response: { 200: taskSchema } } },
      (request) => tasks.updateTask({ db, events }, request.ctx, request.params.id, request.body),
    );
    scope.put(
      '/tasks/:id/end',
      { schema: { tags, security, params, body: taskEndSchema, response: { 200: taskSchema } } },
      (request) => tasks.endTask({ db, events }, request.ctx, request.params.id, request.body),
    );
    scope.delete(
      '/tasks/:id',
      { schema: { tags, security, params, response: { 200: okSchema } } },
      (request) => tasks.deleteTask({ db, events }, request.ctx, request.params.id),
    );
  });
};
