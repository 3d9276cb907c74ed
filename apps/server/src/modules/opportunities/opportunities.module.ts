import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opportunityRoutes } from './opportunities.routes.ts';

export const opportunitiesModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(opportunityRoutes);
};
