import { idSchema, okSchema, pageOf } from '@vendaval/core/schemas/common';
import {
  contractCreateSchema,
  contractListQuerySchema,
  contractSchema,
  contractSettingsSchema,
  contractSettingsUpdateSchema,
  sandboxPaymentSchema,
} from '@vendaval/core/schemas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { asaasWebhookSchema, type PaymentProviders } from './contracts.providers.ts';
import * as contracts from './contracts.service.ts';

const security = [{ bearer: [] }];
const tags = ['contracts'];
const params = z.object({ id: idSchema });

/** The card's enrolments (platform.md §7 contracts), the sandbox's payment page and Asaas's webhook. */
export const contractRoutes =
  (providers: PaymentProviders): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, events } = app.deps;
    const deps = { db, events, providers, log: app.log };

    await workspaceScope(app, async (scope) => {
      scope.get(
        '/contracts',
        {
          schema: {
            tags,
            security,
            querystring: contractListQuerySchema,
            response: { 200: pageOf(contractSchema) },
          },
        },
        (request) => contracts.listContracts(db, request.ctx, request.query),
      );
      scope.post(
        '/contracts',
        { schema: { tags, security, body: contractCreateSchema, response: { 200: contractSchema } } },
        (request) => contracts.createContract(deps, request.ctx, request.platform, request.body),
      );
      scope.get(
        '/contracts/:id',
        { schema: { tags, security, params, response: { 200: contractSchema } } },
        (request) => contracts.getContract(db, request.ctx, request.params.id),
      );
      scope.post(
        '/contracts/:id/sandbox-payment',
        {
          schema: { tags, security, params, body: sandboxPaymentSchema, response: { 200: contractSchema } },
        },
        (request) => contracts.paySandboxContract(deps, request.ctx, request.params.id, request.body),
      );
      scope.get(
        '/contract-settings',
        { schema: { tags, security, response: { 200: contractSettingsSchema } } },
        (request) => contracts.getContractSettings(db, request.ctx, request.platform),
      );
      scope.put(
        '/contract-settings',
        {
          schema: {
            tags,
            security,
            body: contractSettingsUpdateSchema,
            response: { 200: contractSettingsSchema },
          },
        },
        (request) => contracts.updateContractSettings(db, request.ctx, request.platform, request.body),
      );
    });

    // Asaas has no token of ours: public, the tenant is the host's and the workspace's webhook token authenticates.
    app.post(
      '/contracts/asaas/:workspace/webhook',
      {
        schema: {
          tags,
          params: z.object({ workspace: idSchema }),
          body: asaasWebhookSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        const token = request.headers['asaas-access-token'];
        await contracts.acceptAsaasWebhook(
          deps,
          request.platform.id,
          request.params.workspace,
          typeof token === 'string' ? token : undefined,
          request.body,
        );
        return { message: 'ok' };
      },
    );
  };
