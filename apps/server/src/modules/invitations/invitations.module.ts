import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationRoutes } from './invitations.routes.ts';

export const invitationsModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(invitationRoutes);
};
