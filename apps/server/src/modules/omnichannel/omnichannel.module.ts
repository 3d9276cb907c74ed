import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { omnichannelRoutes } from './omnichannel.routes.ts';

export const omnichannelModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(omnichannelRoutes);
};
