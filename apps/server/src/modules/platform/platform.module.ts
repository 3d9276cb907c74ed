import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformRoutes } from './platform.routes.ts';

export const platformModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(platformRoutes);
};
