import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadImportRoutes } from './lead-import.routes.ts';
import { registerLeadImportJob } from './lead-import.service.ts';

export const leadImportModule: FastifyPluginAsyncZod = async (api) => {
  registerLeadImportJob(api.deps.jobs, api.deps);
  await api.register(leadImportRoutes);
};
