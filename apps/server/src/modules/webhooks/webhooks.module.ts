import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookRoutes } from './webhooks.routes.ts';
import {
  registerWebhookDelivery,
  registerWebhookPrune,
  webhookListener,
  webhookSettings,
} from './webhooks.service.ts';

export const webhooksModule: FastifyPluginAsyncZod = async (api) => {
  const { db, jobs, events, config } = api.deps;
  registerWebhookDelivery(jobs, db, webhookSettings(config));
  registerWebhookPrune(jobs, db);
  events.subscribe(webhookListener(jobs));
  await api.register(webhookRoutes);
};
