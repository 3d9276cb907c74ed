import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moveCardsToStage } from './opportunities.lifecycle.ts';
import { opportunityRoutes } from './opportunities.routes.ts';

export const opportunitiesModule: FastifyPluginAsyncZod = async (api) => {
  // A deleted stage's cards move to the stage the admin chose, each with its history entry.
  api.deps.events.on('stage.emptying', async (tx, { ctx, from, to }) => {
    await moveCardsToStage(tx, ctx, from, to);
  });
  await api.register(opportunityRoutes);
};
