import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opportunityBatchRoutes } from './opportunity-batches.routes.ts';
import { type BatchDeps, registerBatchJob } from './opportunity-batches.service.ts';

export const opportunityBatchesModule: FastifyPluginAsyncZod = async (api) => {
  const { db, jobs, events, platforms, config } = api.deps;
  const deps: BatchDeps = {
    db,
    jobs,
    events,
    mainCollaborator: (platformId) => platforms.get(platformId).flags.main_collaborator,
    pageSize: config.cardBatchPageSize,
  };
  registerBatchJob(deps);
  await api.register(opportunityBatchRoutes(deps));
};
