import { platformSchema } from '@vendaval/core/schemas/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/platform',
    {
      schema: {
        tags: ['platform'],
        summary: 'White-label profile of the host this request was made to (public)',
        response: { 200: platformSchema },
      },
    },
    async (request) => request.platform,
  );
};
