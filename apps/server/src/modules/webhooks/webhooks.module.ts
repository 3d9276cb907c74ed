import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformWebhookListener, registerPlatformWebhookDelivery } from './webhooks.platform.ts';
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
  registerPlatformWebhookDelivery(jobs, db, webhookSettings(config));
  events.subscribe(platformWebhookListener(jobs));
  await api.register(webhookRoutes);
};
