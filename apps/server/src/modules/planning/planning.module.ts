import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planningRoutes } from './planning.routes.ts';
import { planningDashboardRoutes } from './planning-dashboards.routes.ts';
import { scheduleRoutes } from './schedule.routes.ts';

export const planningModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(planningRoutes);
  await api.register(planningDashboardRoutes);
  await api.register(scheduleRoutes);
};
