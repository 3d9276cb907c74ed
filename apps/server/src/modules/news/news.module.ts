import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsRoutes } from './news.routes.ts';

export const newsModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(newsRoutes);
};
