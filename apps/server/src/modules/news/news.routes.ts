import multipart from '@fastify/multipart';
import { MESSAGES } from '@vendaval/core/messages';
import { idSchema, okSchema, pageOf, paginationQuerySchema } from '@vendaval/core/schemas/common';
import {
  NEWS_IMAGE_NAME,
  newsImageSavedSchema,
  newsParamsSchema,
  newsWarningInputSchema,
  newsWarningListSchema,
  newsWarningSchema,
} from '@vendaval/core/schemas/news';
import { BRAND_IMAGE_MAX_BYTES } from '@vendaval/core/schemas/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../infra/errors.ts';
import { IMAGE_HEADERS, readImageUpload } from '../../infra/image-upload.ts';
import { fileResponse } from '../../infra/route-schemas.ts';
import { authenticatedScope } from '../../infra/tenancy/auth-guard.ts';
import * as news from './news.service.ts';

const tags = ['news'];
const security = [{ bearer: [] }];
const platformParams = z.object({ platformId: idSchema });
const saved = { 200: newsWarningSchema };

/** News warnings: what every signed-in user is shown, and the platform admins' list to manage them. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  await app.register(multipart, {
    limits: { fileSize: BRAND_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/platforms/:platformId/news/images/:name',
    {
      schema: {
        tags,
        params: platformParams.extend({ name: z.string().max(64).regex(NEWS_IMAGE_NAME) }),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { platformId, name } = request.params;
      const file = await news.readNewsImage(storage, request.platform, platformId, name);
      if (!file) throw notFound(MESSAGES.notFound);
      return reply.headers({ ...IMAGE_HEADERS, 'content-type': file.contentType }).send(file.data);
    },
  );

  await authenticatedScope(app, async (authed) => {
    authed.get('/news', { schema: { tags, security, response: { 200: newsWarningListSchema } } }, (request) =>
      news.listCurrentNews(db, request.auth),
    );
  });

  await authenticatedScope(app, async (admin) => {
    // Before the body is read or checked: only the platform's admins learn anything of these routes.
    admin.addHook('preValidation', async (request) => {
      const platformId = Number((request.params as { platformId?: string }).platformId);
      await news.assertNewsAdmin(db, request.auth, request.platform, platformId);
    });
    admin.get(
      '/platforms/:platformId/news',
      {
        schema: {
          tags,
          security,
          params: platformParams,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(newsWarningSchema) },
        },
      },
      (request) => news.listPlatformNews(db, request.auth, request.query),
    );
    admin.post(
      '/platforms/:platformId/news',
      { schema: { tags, security, params: platformParams, body: newsWarningInputSchema, response: saved } },
      (request) => news.createNews(db, request.auth, request.body),
    );
    admin.put(
      '/platforms/:platformId/news/:id',
      { schema: { tags, security, params: newsParamsSchema, body: newsWarningInputSchema, response: saved } },
      (request) => news.updateNews(db, request.auth, request.params.id, request.body),
    );
    admin.delete(
      '/platforms/:platformId/news/:id',
      { schema: { tags, security, params: newsParamsSchema, response: { 200: okSchema } } },
      (request) => news.deleteNews(db, request.auth, request.params.id),
    );
    admin.post(
      '/platforms/:platformId/news/images',
      {
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          params: platformParams,
          response: { 200: newsImageSavedSchema },
        },
      },
      async (request) => news.uploadNewsImage(storage, request.auth, await readImageUpload(request)),
    );
  });
};
