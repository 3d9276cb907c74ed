import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simulatorRoutes } from './simulator.routes.ts';

export const simulatorModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(simulatorRoutes);
};
