import { botSchema } from '@vendaval/core/schemas/bots';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../workspaces/workspace.guard.ts';
import * as botsService from './bots.service.ts';

const security = [{ bearer: [] }];
const tags = ['bots'];

/** The workspace's bots as the chat offers them (chat.md §7 "List bots"). */
export const botRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/bots',
      { schema: { tags, security, response: { 200: z.object({ data: z.array(botSchema) }) } } },
      (request) => botsService.listBots(db, request.ctx),
    );
  });
};
