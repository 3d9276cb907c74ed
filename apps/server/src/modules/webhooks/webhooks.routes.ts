import { idSchema, okSchema, pageOf, paginationQuerySchema } from '@vendaval/core/schemas/common';
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookLogSchema,
  webhookSchema,
  webhookSecretSchema,
  webhookUpdateSchema,
} from '@vendaval/core/schemas/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticatedScope } from '../../infra/tenancy/auth-guard.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as platformHooks from './webhooks.platform.ts';
import * as hooks from './webhooks.service.ts';

const security = [{ bearer: [] }];
const tags = ['webhooks'];
const params = z.object({ id: idSchema });
const platformParams = z.object({ platformId: idSchema });
const platformHookParams = platformParams.extend({ webhookId: idSchema });

/** The workspace's outbound webhooks, their secrets (shown once) and their delivery log; admin set only. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const settings = hooks.webhookSettings(config);

  await workspaceScope(app, async (scope) => {
    scope.get(
      '/webhooks',
      {
        schema: {
          tags,
          security,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(webhookSchema) },
        },
      },
      (request) => hooks.listWebhooks(db, request.ctx, request.query),
    );
    scope.post(
      '/webhooks',
      { schema: { tags, security, body: webhookCreateSchema, response: { 200: webhookCreatedSchema } } },
      (request) => hooks.createWebhook(db, settings, request.ctx, request.body),
    );
    scope.get(
      '/webhooks/:id',
      { schema: { tags, security, params, response: { 200: webhookSchema } } },
      (request) => hooks.getWebhook(db, request.ctx, request.params.id),
    );
    scope.put(
      '/webhooks/:id',
      { schema: { tags, security, params, body: webhookUpdateSchema, response: { 200: webhookSchema } } },
      (request) => hooks.updateWebhook(db, settings, request.ctx, request.params.id, request.body),
    );
    scope.delete(
      '/webhooks/:id',
      { schema: { tags, security, params, response: { 200: okSchema } } },
      (request) => hooks.deleteWebhook(db, request.ctx, request.params.id),
    );
    scope.post(
      '/webhooks/:id/secret',
      { schema: { tags, security, params, response: { 200: webhookSecretSchema } } },
      (request) => hooks.rotateSecret(db, request.ctx, request.params.id),
    );
    scope.get(
      '/webhooks/:id/logs',
      {
        schema: {
          tags,
          security,
          params,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(webhookLogSchema) },
        },
      },
      (request) => hooks.listWebhookLogs(db, request.ctx, request.params.id, request.query),
    );
  });

  await authenticatedScope(app, async (admin) => {
    // Before the body is read or checked: only the platform's admins learn anything of these routes.
    admin.addHook('preValidation', async (request) => {
      const platformId = Number((request.params as { platformId?: string }).platformId);
      await platformHooks.assertPlatformWebhookAdmin(db, request.auth, request.platform.id, platformId);
    });
    admin.get(
      '/platforms/:platformId/webhooks',
      {
        schema: {
          tags,
          security,
          params: platformParams,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(webhookSchema) },
        },
      },
      (request) => platformHooks.listPlatformWebhooks(db, request.params.platformId, request.query),
    );
    admin.post(
      '/platforms/:platformId/webhooks',
      {
        schema: {
          tags,
          security,
          params: platformParams,
          body: webhookCreateSchema,
          response: { 200: webhookCreatedSchema },
        },
      },
      (request) => platformHooks.createPlatformWebhook(db, settings, request.params.platformId, request.body),
    );
    admin.get(
      '/platforms/:platformId/webhooks/:webhookId',
      { schema: { tags, security, params: platformHookParams, response: { 200: webhookSchema } } },
      (request) => platformHooks.getPlatformWebhook(db, request.params.platformId, request.params.webhookId),
    );
    admin.put(
      '/platforms/:platformId/webhooks/:webhookId',
      {
        schema: {
          tags,
          security,
          params: platformHookParams,
          body: webhookUpdateSchema,
          response: { 200: webhookSchema },
        },
      },
      (request) =>
        platformHooks.updatePlatformWebhook(
          db,
          settings,
          request.params.platformId,
          request.params.webhookId,
          request.body,
        ),
    );
    admin.delete(
      '/platforms/:platformId/webhooks/:webhookId',
      { schema: { tags, security, params: platformHookParams, response: { 200: okSchema } } },
      (request) =>
        platformHooks.deletePlatformWebhook(db, request.params.platformId, request.params.webhookId),
    );
    admin.get(
      '/platforms/:platformId/webhooks/:webhookId/logs',
      {
        schema: {
          tags,
          security,
          params: platformHookParams,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(webhookLogSchema) },
        },
      },
      (request) =>
        platformHooks.listPlatformWebhookLogs(
          db,
          request.params.platformId,
          request.params.webhookId,
          request.query,
        ),
    );
  });
};
