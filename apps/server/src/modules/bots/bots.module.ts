import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { botRoutes } from './bots.routes.ts';
import { whatsappWebhookRoutes } from './whatsapp-webhook.routes.ts';

export const botsModule: FastifyPluginAsyncZod = async (api) => {
  await api.register(botRoutes);
  await api.register(whatsappWebhookRoutes);
};
