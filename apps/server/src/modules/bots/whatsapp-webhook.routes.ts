import { MESSAGES } from '@vendaval/core/messages';
import { idSchema, okSchema } from '@vendaval/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../infra/errors.ts';
import * as webhook from './whatsapp-webhook.service.ts';

const tags = ['channels'];
const params = z.object({ botId: idSchema });

/**
 * Meta's calls for a WhatsApp Cloud API bot: public (Meta has no token of ours), the tenant is the host's and
 * the bot's own secrets authenticate the caller.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, jobs } = app.deps;

  // The signature covers the exact bytes Meta sent, so this route keeps the body raw and parses it itself.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  const path = '/channels/whatsapp/:botId/webhook';
  app.get(
    path,
    {
      schema: {
        tags,
        params,
        // Meta's subscription check: https://developers.facebook.com/docs/graph-api/webhooks/getting-started
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().optional(),
        }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const challenge = await webhook.verifyWebhook(
        db,
        request.platform.id,
        request.params.botId,
        request.query,
      );
      if (challenge === null) throw forbidden(MESSAGES.whatsappBadVerifyToken);
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );
  app.post(path, { schema: { tags, params, response: { 200: okSchema } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['x-hub-signature-256'];
    await webhook.acceptWebhook(
      db,
      jobs,
      request.platform.id,
      request.params.botId,
      raw,
      typeof signature === 'string' ? signature : undefined,
    );
    return { message: 'ok' };
  });
};
