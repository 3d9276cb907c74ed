import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerNotificationJobs } from './notifications.jobs.ts';
import { listenForNotifications } from './notifications.listeners.ts';
import { notificationRoutes } from './notifications.routes.ts';

export const notificationsModule: FastifyPluginAsyncZod = async (api) => {
  const { db, events, jobs } = api.deps;
  listenForNotifications(events);
  registerNotificationJobs(jobs, { db, events });
  await api.register(notificationRoutes);
};
