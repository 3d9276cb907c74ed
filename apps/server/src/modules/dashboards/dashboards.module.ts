import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRoutes } from './dashboards.routes.ts';

export const dashboardsModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(dashboardRoutes);
};
