import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAsaasProvider, sandboxProvider } from './contracts.providers.ts';
import { contractRoutes } from './contracts.routes.ts';
import { moveContracts } from './contracts.service.ts';

export const contractsModule: FastifyPluginAsyncZod = async (api) => {
  const providers = {
    sandbox: sandboxProvider,
    asaas: createAsaasProvider({ baseUrl: api.deps.config.asaasApiBaseUrl }),
  };
  // A card moved to another workspace keeps its enrolment.
  api.deps.events.on('card.transferred', async (tx, { ctx, to, opportunityIds }) => {
    await moveContracts(tx, ctx, to, opportunityIds);
  });
  await api.register(contractRoutes(providers));
};
