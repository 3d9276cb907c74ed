import { cepLookupSchema, cepParamsSchema } from '@vendaval/core/schemas/cep';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { createCepLookup } from './cep.service.ts';

/** The address of a CEP, for the address forms of any member (profiles with `has_street_generation`). */
export const cepRoutes: FastifyPluginAsyncZod = async (app) => {
  const lookUp = createCepLookup({ baseUrl: app.deps.config.cepApiBaseUrl });
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/cep/:cep',
      {
        schema: {
          tags: ['contacts'],
          security: [{ bearer: [] }],
          params: cepParamsSchema,
          response: { 200: cepLookupSchema },
        },
      },
      (request) => lookUp(request.params.cep.replace('-', ''), request.log),
    );
  });
};
