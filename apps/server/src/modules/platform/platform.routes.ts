import multipart from '@fastify/multipart';
import { MESSAGES } from '@vendaval/core/messages';
import { idSchema, pageOf } from '@vendaval/core/schemas/common';
import {
  BRAND_IMAGE_MAX_BYTES,
  brandImageSlotSchema,
  brandSchema,
  brandUpdateSchema,
  platformCreateSchema,
  platformProfileUpdateSchema,
  platformSchema,
  platformSummarySchema,
} from '@vendaval/core/schemas/platform';
import { logEntrySchema } from '@vendaval/core/schemas/workspaces';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revalidateByEtag } from '../../infra/conditional-get.ts';
import { notFound } from '../../infra/errors.ts';
import { IMAGE_HEADERS, readImageUpload } from '../../infra/image-upload.ts';
import { fileResponse } from '../../infra/route-schemas.ts';
import { authenticatedScope } from '../../infra/tenancy/auth-guard.ts';
import type { ZodApp } from '../../infra/zod-app.ts';

import * as brand from './platform.brand.ts';
import { readBrandImage } from './platform.images.ts';
import * as operator from './platform.operator.ts';

const tags = ['platform'];
const security = [{ bearer: [] }];
const platformParams = z.object({ platformId: idSchema });
const logQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, platforms, storage } = app.deps;
  const deps = { db, platforms, storage };
  await app.register(multipart, {
    limits: { fileSize: BRAND_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/platform',
    {
      schema: {
        tags,
        response: { 200: platformSchema },
      },
      // Open tabs ask again for changes every minute: an unchanged profile answers 304 with no body.
      onSend: revalidateByEtag,
    },
    (request) => platforms.refreshBrand(db, request.platform.id),
  );

  app.get(
    '/platforms/:platformId/files/:name',
    {
      schema: {
        tags,
        params: platformParams.extend({ name: z.string().max(64) }),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { platformId, name } = request.params;
      const file = await readBrandImage(storage, request.platform, platformId, name);
      if (!file) throw notFound(MESSAGES.notFound);
      return reply.headers({ ...IMAGE_HEADERS, 'content-type': file.contentType }).send(file.data);
    },
  );

  await authenticatedScope(app, async (authed) => {
    const response = { 200: brandSchema };
    authed.get(
      '/platforms/:platformId/brand',
      { schema: { tags, security, params: platformParams, response } },
      (request) => brand.getBrand(deps, request.auth, platformOf(request, request.params.platformId)),
    );
    authed.put(
      '/platforms/:platformId/brand',
      { schema: { tags, security, params: platformParams, body: brandUpdateSchema, response } },
      (request) =>
        brand.updateBrand(deps, request.auth, platformOf(request, request.params.platformId), request.body),
    );
    authed.get(
      '/platforms/:platformId/logs',
      {
        schema: {
          tags,
          security,
          params: platformParams,
          querystring: logQuery,
          response: { 200: pageOf(logEntrySchema) },
        },
      },
      (request) =>
        brand.listBrandLogs(db, request.auth, platformOf(request, request.params.platformId), request.query),
    );
    authed.post(
      '/platforms/:platformId/brand/images/:slot',
      {
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          params: platformParams.extend({ slot: brandImageSlotSchema }),
          response,
        },
      },
      async (request) => {
        const platform = platformOf(request, request.params.platformId);
        await brand.assertBrandAdmin(db, request.auth, platform);
        const file = await readImageUpload(request);
        return brand.uploadBrandImage(deps, request.auth, platform, request.params.slot, file);
      },
    );
    await operatorRoutes(authed, deps);
  });
};

/** The operator's console (role master, on the product's own host): every platform, created and edited live. */
async function operatorRoutes(app: ZodApp, deps: Parameters<typeof operator.createPlatform>[0]) {
  const { db } = deps;
  const guard = async (request: FastifyRequest) =>
    operator.assertOperator(db, request.auth, request.platform);
  const response = { 200: platformSchema };
  app.get(
    '/platforms',
    {
      schema: { tags, security, querystring: logQuery, response: { 200: pageOf(platformSummarySchema) } },
      onRequest: guard,
    },
    (request) => operator.listPlatformsForOperator(db, request.query),
  );
  app.post(
    '/platforms',
    { schema: { tags, security, body: platformCreateSchema, response }, onRequest: guard },
    (request) => operator.createPlatform(deps, request.body),
  );
  app.get(
    '/platforms/:platformId/profile',
    { schema: { tags, security, params: platformParams, response }, onRequest: guard },
    (request) => operator.profileOf(db, request.params.platformId),
  );
  app.put(
    '/platforms/:platformId/profile',
    {
      schema: { tags, security, params: platformParams, body: platformProfileUpdateSchema, response },
      onRequest: guard,
    },
    (request) => operator.updateProfile(deps, request.params.platformId, request.body),
  );
  app.post(
    '/platforms/:platformId/profile/images/:slot',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        params: platformParams.extend({ slot: brandImageSlotSchema }),
        response,
      },
      onRequest: guard,
    },
    async (request) => {
      const file = await readImageUpload(request);
      return operator.uploadProfileImage(deps, request.params.platformId, request.params.slot, file);
    },
  );
}

/** The host's platform, when the path names it; any other platform id is 404. */
function platformOf(request: FastifyRequest, platformId: number) {
  if (platformId !== request.platform.id) throw notFound(MESSAGES.notFound);
  return request.platform;
}
