import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchMessageRoutes } from './batch-messages.routes.ts';
import { batchDeps, registerBatchMessageJob } from './batch-messages.service.ts';

export const batchMessagesModule: FastifyPluginAsyncZod = async (api) => {
  registerBatchMessageJob(batchDeps(api.deps));
  await api.register(batchMessageRoutes);
};
