import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskRoutes } from './tasks.routes.ts';
import { followTaskHolder, moveTasksOf } from './tasks.service.ts';

export const tasksModule: FastifyPluginAsyncZod = async (api) => {
  // Transferred cards take their tasks along, in the transfer's transaction.
  api.deps.events.on('card.transferred', (tx, { ctx, to, opportunityIds }) =>
    moveTasksOf(tx, ctx, to, opportunityIds),
  );
  // A call or a room holds its rep's due tasks on the card InProgress while it is on.
  const { events } = api.deps;
  events.on('call.changed', (tx, { scope, call }) =>
    followTaskHolder(tx, events, scope, {
      callId: call.id,
      opportunityId: call.opportunityId,
      userId: call.userId,
      on: call.status !== 'ended',
    }),
  );
  events.on('room.changed', (tx, { scope, room }) =>
    followTaskHolder(tx, events, scope, {
      dialogId: room.id,
      opportunityId: room.opportunityId,
      userId: room.userId,
      on: room.open,
    }),
  );
  await api.register(taskRoutes);
};
