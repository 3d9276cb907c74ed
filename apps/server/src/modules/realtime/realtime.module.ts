import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifyListener } from './realtime.notices.ts';
import { realtimeRoutes } from './realtime.routes.ts';

export const realtimeModule: FastifyPluginAsyncZod = async (api) => {
  // What the screens care about goes out with NOTIFY in the change's transaction.
  api.deps.events.subscribe(notifyListener);
  await api.register(realtimeRoutes);
};
