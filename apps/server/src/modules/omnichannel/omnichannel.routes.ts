import { conversationSchema, omnichannelQuerySchema } from '@vendaval/core/schemas/chat';
import { pageOf } from '@vendaval/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as omnichannel from './omnichannel.service.ts';

const security = [{ bearer: [] }];
const tags = ['chat'];

/** The omnichannel list of conversations (GET /dialogs, platform.md §7). */
export const omnichannelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/dialogs',
      {
        schema: {
          tags,
          security,
          querystring: omnichannelQuerySchema,
          response: { 200: pageOf(conversationSchema) },
        },
      },
      (request) => omnichannel.listConversations(db, request.ctx, request.query),
    );
  });
};
