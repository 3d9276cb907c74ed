import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formRoutes } from './forms.routes.ts';

export const formsModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(formRoutes);
};
