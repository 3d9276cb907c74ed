import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceRoutes } from './workspaces.routes.ts';

export const workspacesModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(workspaceRoutes);
};
