import { MEDIA_MAX_BYTES } from '@vendaval/core/constants';
import {
  simulatorConversationSchema,
  simulatorLineSchema,
  simulatorSendBodySchema,
} from '@vendaval/core/schemas/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onceByIdempotencyKey } from '../../infra/idempotency.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { chatDeps } from '../chat/chat.service.ts';
import * as simulator from './simulator.service.ts';

const security = [{ bearer: [] }];
const tags = ['simulator'];
// A file travels as base64 in the JSON body: a third larger than its 16 MB, plus the rest of the body.
const MEDIA_BODY_LIMIT = Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 256 * 1024;
const response = { 200: simulatorConversationSchema };

/** The customer simulator (ARCHITECTURE §6): a contact's phone on the sandbox channel, for admins and managers. */
export const simulatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = chatDeps(app.deps);
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/simulator/conversations',
      { schema: { tags, security, querystring: simulatorLineSchema, response } },
      (request) => simulator.conversation(deps, request.ctx, request.query),
    );
    scope.post(
      '/simulator/read',
      { schema: { tags, security, body: simulatorLineSchema, response } },
      (request) => simulator.read(deps, request.ctx, request.body),
    );
    scope.post(
      '/simulator/messages',
      { bodyLimit: MEDIA_BODY_LIMIT, schema: { tags, security, body: simulatorSendBodySchema, response } },
      // A phone retrying a message whose answer it lost sends the same Idempotency-Key: the message is stored once.
      (request) =>
        onceByIdempotencyKey(deps.db, request, (db) =>
          simulator.send({ ...deps, db }, request.ctx, request.body),
        ),
    );
  });
};
