import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth.routes.ts';

export const authModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(authRoutes);
};
