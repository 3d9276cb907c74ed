import { CHAT_PAGE_SIZE, MEDIA_MAX_BYTES } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import {
  chatMessagePageSchema,
  chatMessageSchema,
  dialogResponseSchema,
  openDialogBodySchema,
  reopenDialogBodySchema,
  sendMessageBodySchema,
} from '@vendaval/core/schemas/chat';
import { idSchema, okSchema } from '@vendaval/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../infra/errors.ts';
import { fileResponse } from '../../infra/route-schemas.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { isValidFileSignature } from './chat.files.ts';
import * as chat from './chat.service.ts';

const security = [{ bearer: [] }];
const tags = ['chat'];
const params = z.object({ did: idSchema });
const pageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
// A file travels as base64 in the JSON body: a third larger than its 16 MB, plus the rest of the body.
const MEDIA_BODY_LIMIT = Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 256 * 1024;
const DOCUMENT_TYPES = /^(application|text)\//;

/** The rooms of cards and their messages (chat.md §7), and the signed links their files are read through. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = chat.chatDeps(app.deps);

  await workspaceScope(app, async (scope) => {
    scope.post(
      '/dialogs',
      {
        bodyLimit: MEDIA_BODY_LIMIT,
        schema: { tags, security, body: openDialogBodySchema, response: { 200: dialogResponseSchema } },
      },
      (request) => chat.openDialog(deps, request.ctx, request.body),
    );
    scope.get(
      '/dialogs/:did',
      { schema: { tags, security, params, response: { 200: dialogResponseSchema } } },
      (request) => chat.getDialog(deps, request.ctx, request.params.did),
    );
    scope.post(
      '/dialogs/:did/close',
      { schema: { tags, security, params, response: { 200: dialogResponseSchema } } },
      (request) => chat.closeDialog(deps, request.ctx, request.params.did),
    );
    scope.post(
      '/dialogs/:did/open',
      {
        schema: {
          tags,
          security,
          params,
          body: reopenDialogBodySchema,
          response: { 200: dialogResponseSchema },
        },
      },
      (request) => chat.reopenDialog(deps, request.ctx, request.params.did, request.body),
    );
    scope.post(
      '/dialogs/:did/read',
      { schema: { tags, security, params, response: { 200: dialogResponseSchema } } },
      (request) => chat.readDialog(deps, request.ctx, request.params.did),
    );
    scope.get(
      '/dialogs/:did/messages',
      {
        schema: { tags, security, params, querystring: pageQuery, response: { 200: chatMessagePageSchema } },
      },
      (request) => chat.listDialogMessages(deps, request.ctx, request.params.did, request.query),
    );
    scope.post(
      '/dialogs/:did/messages',
      {
        bodyLimit: MEDIA_BODY_LIMIT,
        schema: { tags, security, params, body: sendMessageBodySchema, response: { 200: chatMessageSchema } },
      },
      (request) => chat.sendMessage(deps, request.ctx, request.params.did, request.body),
    );
    scope.delete(
      '/dialogs/:did/messages/:remoteId',
      {
        schema: {
          tags,
          security,
          params: params.extend({ remoteId: z.string().min(1).max(255) }),
          response: { 200: okSchema },
        },
      },
      (request) => chat.deleteMessage(deps, request.ctx, request.params.did, request.params.remoteId),
    );
  });

  // `<img>` and `<audio>` cannot send the bearer token: the link the message answer gives is signed instead.
  app.get(
    '/chat-files/:workspace/:messageId',
    {
      schema: {
        tags,
        params: z.object({ workspace: idSchema, messageId: idSchema }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(128) }),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { workspace, messageId } = request.params;
      const link = { workspaceId: workspace, messageId, ...request.query };
      if (!isValidFileSignature(deps.mac, link)) throw notFound(MESSAGES.notFound);
      const scope = { platformId: request.platform.id, workspaceId: workspace };
      const file = await chat.readMessageFile(deps, scope, messageId);
      if (!file) throw notFound(MESSAGES.notFound);
      const disposition = DOCUMENT_TYPES.test(file.mime) ? 'attachment' : 'inline';
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(file.data);
    },
  );
};
