import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createWhatsappCloud } from '../../infra/channels/whatsapp-cloud.ts';
import { registerWhatsappInbound } from '../bots/whatsapp-webhook.service.ts';
import { receiveInbound } from './chat.inbound.ts';
import { registerChatOutbox } from './chat.outbound.ts';
import { chatRoutes } from './chat.routes.ts';
import { chatDeps, closeRoomsOfCard } from './chat.service.ts';

export const chatModule: FastifyPluginAsyncZod = async (api) => {
  const { deps } = api;
  registerChatOutbox(deps.jobs, chatDeps(deps));
  // What Meta's webhook queued becomes messages in the rooms.
  const whatsapp = createWhatsappCloud({ baseUrl: deps.config.whatsappApiBaseUrl });
  registerWhatsappInbound(deps.jobs, deps.db, whatsapp, (bot, event) => receiveInbound(deps, bot, event));
  // A card closed with "close its rooms" closes them in the card's transaction.
  deps.events.on('card.closed', async (tx, { ctx, card, closeRooms }) => {
    if (closeRooms) await closeRoomsOfCard(tx, deps.events, ctx, card);
  });
  await api.register(chatRoutes);
};
