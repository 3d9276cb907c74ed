import {
  apiClientCreateSchema,
  apiClientSchema,
  apiClientWithSecretSchema,
  platformApiClientCreateSchema,
  platformApiClientListQuerySchema,
} from '@vendaval/core/schemas/api-clients';
import { idSchema, pageOf, paginationQuerySchema } from '@vendaval/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticatedScope } from '../../infra/tenancy/auth-guard.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as clients from './api-clients.service.ts';

const security = [{ bearer: [] }];
const tags = ['api-clients'];
const params = z.object({ id: idSchema });
const platformParams = z.object({ platformId: idSchema });
const platformClientParams = platformParams.extend({ id: idSchema });

/** The workspace's integrations (API clients): made, rotated and revoked by the admin set; secrets shown once. */
export const apiClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await workspaceScope(app, async (scope) => {
    scope.get(
      '/api-clients',
      {
        schema: {
          tags,
          security,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(apiClientSchema) },
        },
      },
      (request) => clients.listApiClients(db, request.ctx, request.query),
    );
    scope.post(
      '/api-clients',
      {
        schema: { tags, security, body: apiClientCreateSchema, response: { 200: apiClientWithSecretSchema } },
      },
      (request) => clients.createApiClient(db, request.ctx, request.body),
    );
    scope.post(
      '/api-clients/:id/secret',
      { schema: { tags, security, params, response: { 200: apiClientWithSecretSchema } } },
      (request) => clients.rotateApiClientSecret(db, request.ctx, request.params.id),
    );
    scope.delete(
      '/api-clients/:id',
      { schema: { tags, security, params, response: { 200: apiClientSchema } } },
      (request) => clients.revokeApiClient(db, request.ctx, request.params.id),
    );
  });

  // The platform's administrators manage the integrations of every workspace, member or not.
  await authenticatedScope(app, async (authed) => {
    authed.get(
      '/platforms/:platformId/api-clients',
      {
        schema: {
          tags,
          security,
          params: platformParams,
          querystring: platformApiClientListQuerySchema,
          response: { 200: pageOf(apiClientSchema) },
        },
      },
      (request) => clients.listPlatformApiClients(db, request.auth, request.params.platformId, request.query),
    );
    authed.post(
      '/platforms/:platformId/api-clients',
      {
        schema: {
          tags,
          security,
          params: platformParams,
          body: platformApiClientCreateSchema,
          response: { 200: apiClientWithSecretSchema },
        },
      },
      (request) => clients.createPlatformApiClient(db, request.auth, request.params.platformId, request.body),
    );
    authed.post(
      '/platforms/:platformId/api-clients/:id/secret',
      {
        schema: {
          tags,
          security,
          params: platformClientParams,
          response: { 200: apiClientWithSecretSchema },
        },
      },
      (request) =>
        clients.rotatePlatformApiClientSecret(db, request.auth, request.params.platformId, request.params.id),
    );
    authed.delete(
      '/platforms/:platformId/api-clients/:id',
      { schema: { tags, security, params: platformClientParams, response: { 200: apiClientSchema } } },
      (request) =>
        clients.revokePlatformApiClient(db, request.auth, request.params.platformId, request.params.id),
    );
  });
};
