import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cepRoutes } from './cep.routes.ts';

export const cepModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(cepRoutes);
};
