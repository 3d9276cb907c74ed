import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userRoutes } from './users.routes.ts';

export const usersModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(userRoutes);
};
