import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookSettings } from '../webhooks/webhooks.service.ts';
import { registerAutomationEngine } from './automations.engine.ts';
import { automationRoutes } from './automations.routes.ts';

export const automationsModule: FastifyPluginAsyncZod = async (api) => {
  const { db, jobs, events, config, platforms } = api.deps;
  registerAutomationEngine({
    db,
    events,
    jobs,
    webhooks: webhookSettings(config),
    mainCollaborator: (platformId) => platforms.get(platformId).flags.main_collaborator,
    stepsPerMinute: config.automationStepsPerMinute,
  });
  await api.register(automationRoutes);
};
