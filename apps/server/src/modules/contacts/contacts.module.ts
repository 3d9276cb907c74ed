import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRoutes } from './contacts.routes.ts';

export const contactsModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(contactRoutes);
};
