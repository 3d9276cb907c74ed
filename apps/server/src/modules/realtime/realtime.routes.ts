import { streamQuerySchema, streamTicketSchema } from '@vendaval/core/schemas/chat';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { issueTicket, requireStreamMember, streamSessionOf } from './realtime.guard.ts';
import { RealtimeHub } from './realtime.hub.ts';
import { parseNotice, REALTIME_CHANNEL } from './realtime.notices.ts';
import { openStream } from './realtime.stream.ts';

const security = [{ bearer: [] }];
const tags = ['realtime'];

/**
 * The workspace's event stream (ARCHITECTURE §6). Services publish domain events; those the screens care about
 * go out with NOTIFY in the change's transaction, and one LISTEN connection per process hands them to its open
 * streams, so every process sees every event.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const hub = new RealtimeHub();
  const heartbeatMs = Math.max(50, deps.config.realtimeHeartbeatSeconds * 1000);
  deps.metrics.gauge('vendaval_sse_connections', 'Open event streams (SSE) of this process.', () => hub.size);

  let unlisten: (() => Promise<void>) | undefined;
  // Without the stream the screens still poll, so a database that cannot listen must not stop the server.
  app.addHook('onReady', async () => {
    try {
      unlisten = await deps.database.listen(REALTIME_CHANNEL, (payload) => {
        const notice = parseNotice(payload);
        if (notice) hub.dispatch(notice);
      });
    } catch (err) {
      app.log.error({ err }, 'the event stream did not start; screens fall back to polling');
    }
  });
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => unlisten?.());

  await workspaceScope(app, async (scope) => {
    scope.post(
      '/events/ticket',
      { schema: { tags, security, response: { 200: streamTicketSchema } } },
      (request) => issueTicket(request, deps.tokens, request.ctx),
    );
  });

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', requireStreamMember);
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/events',
        {
          schema: {
            tags,
            security,
            querystring: streamQuerySchema,
            response: { 200: z.string().describe('text/event-stream of realtime events') },
          },
        },
        async (request, reply) => {
          const session = streamSessionOf(request);
          if (session) await openStream(request, reply, hub, session, heartbeatMs);
          return reply;
        },
      );
    },
    { prefix: '/workspaces/:workspaceId' },
  );
};
