import { idSchema, okSchema, pageOf } from '@vendaval/core/schemas/common';
import {
  logEntrySchema,
  workspaceCreateSchema,
  workspaceNameSchema,
  workspaceSchema,
  workspaceSettingsPatchSchema,
  workspaceSettingsSchema,
} from '@vendaval/core/schemas/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticatedScope } from '../../infra/tenancy/auth-guard.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { listWorkspaceLogs } from '../audit/audit.service.ts';
import * as workspaces from './workspaces.service.ts';

const security = [{ bearer: [] }];
const tags = ['workspaces'];
const selfParams = z.object({ id: idSchema });
const logQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  user_id: idSchema.optional(),
});

export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await authenticatedScope(app, async (self) => {
    self.get(
      '/users/:id/workspaces',
      {
        schema: {
          tags: ['users'],
          security,
          params: z.object({ id: idSchema }),
          response: { 200: pageOf(workspaceSchema) },
        },
      },
      (request) => workspaces.workspacesOfUser(db, request.auth, request.params.id),
    );
    const one = { tags, security, params: selfParams, response: { 200: workspaceSchema } };

    self.get(
      '/users/self/workspaces',
      { schema: { tags, security, response: { 200: pageOf(workspaceSchema) } } },
      (request) => workspaces.listSelfWorkspaces(db, request.auth),
    );
    self.post(
      '/users/self/workspaces',
      { schema: { tags, security, body: workspaceCreateSchema, response: { 200: workspaceSchema } } },
      (request) => workspaces.createWorkspace(db, request.auth, request.platform, request.body),
    );
    self.get('/users/self/workspaces/:id', { schema: one }, (request) =>
      workspaces.getSelfWorkspace(db, request.auth, request.params.id),
    );
    self.put('/users/self/workspaces/:id', { schema: { ...one, body: workspaceNameSchema } }, (request) =>
      workspaces.renameWorkspace(db, request.auth, request.params.id, request.body.name),
    );
    self.post('/users/self/workspaces/:id', { schema: one }, (request) =>
      workspaces.makeDefaultWorkspace(db, request.auth, request.params.id),
    );
    self.delete(
      '/users/self/workspaces/:id',
      { schema: { tags, security, params: selfParams, response: { 200: okSchema } } },
      (request) => workspaces.leaveWorkspace(db, request.auth, request.params.id),
    );
  });

  await workspaceScope(app, async (scope) => {
    scope.get('/', { schema: { tags, security, response: { 200: workspaceSchema } } }, (request) =>
      workspaces.getWorkspace(db, request.ctx),
    );
    scope.get(
      '/settings',
      { schema: { tags, security, response: { 200: workspaceSettingsSchema } } },
      (request) => workspaces.getSettings(db, request.ctx),
    );
    scope.post(
      '/settings',
      {
        schema: {
          tags,
          security,
          body: workspaceSettingsPatchSchema,
          response: { 200: workspaceSettingsSchema },
        },
      },
      (request) => workspaces.updateSettings(db, request.ctx, request.body),
    );
    scope.get(
      '/logs',
      { schema: { tags, security, querystring: logQuery, response: { 200: pageOf(logEntrySchema) } } },
      (request) => listWorkspaceLogs(db, request.ctx, 'workspace', request.query),
    );
    scope.get(
      '/user-logs',
      { schema: { tags, security, querystring: logQuery, response: { 200: pageOf(logEntrySchema) } } },
      (request) => listWorkspaceLogs(db, request.ctx, 'users', request.query),
    );
  });
};
