import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogRoutes } from './catalog.routes.ts';

export const catalogModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(catalogRoutes);
};
