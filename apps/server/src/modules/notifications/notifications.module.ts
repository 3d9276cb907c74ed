import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerNotificationJobs } from './notifications.jobs.ts';
import { listenForNotifications } from './notifications.listeners.ts';
import { pushSender } from './notifications.push.ts';
import { notificationRoutes } from './notifications.routes.ts';

export const notificationsModule: FastifyPluginAsyncZod = async (api) => {
  const { db, events, jobs, config } = api.deps;
  const sender = pushSender(config);
  listenForNotifications({ events, jobs });
  registerNotificationJobs({ db, events, jobs }, sender);
  await api.register(notificationRoutes, { sender });
};
