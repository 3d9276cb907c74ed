import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskRoutes } from './tasks.routes.ts';
import { moveTasksOf } from './tasks.service.ts';

export const tasksModule: FastifyPluginAsyncZod = async (api) => {
  // Transferred cards take their tasks along, in the transfer's transaction.
  api.deps.events.on('card.transferred', (tx, { ctx, to, opportunityIds }) =>
    moveTasksOf(tx, ctx, to, opportunityIds),
  );
  await api.register(taskRoutes);
};
