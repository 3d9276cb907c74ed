import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiClientRoutes } from './api-clients.routes.ts';

export const apiClientsModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(apiClientRoutes);
};
