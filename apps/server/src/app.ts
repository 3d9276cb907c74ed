import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MESSAGES } from '@vendaval/core/messages';
import { withSafeText } from '@vendaval/core/schemas/common';
import type { Platform } from '@vendaval/core/schemas/platform';
import { applyZodLocale } from '@vendaval/core/zod-locale';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from './config.ts';
import type { ChannelRegistry } from './infra/channels/channel-adapter.ts';
import { createChannelRegistry } from './infra/channels/registry.ts';
import { createWhatsappCloud } from './infra/channels/whatsapp-cloud.ts';
import type { AuthContext, WorkspaceContext } from './infra/context.ts';
import type { Database, Db } from './infra/db.ts';
import { handleError } from './infra/error-handler.ts';
import { createEvents, type Events } from './infra/events.ts';
import { registerIdempotencyPrune } from './infra/idempotency.ts';
import { createJobs, type Jobs } from './infra/jobs.ts';
import { logWith } from './infra/logging.ts';
import { createMailer, type Mailer } from './infra/mail.ts';
import { createMetrics, type Metrics, serveMetrics, watchJobQueues } from './infra/metrics.ts';
import { finishDocument } from './infra/openapi/document.ts';
import { registerRateLimitPrune, sharedRateLimitStore } from './infra/rate-limits.ts';
import { requireResponseSchema } from './infra/route-schemas.ts';
import { securityHeaders, withSecurityHeaders } from './infra/security-headers.ts';
import { type Storage, storageOf } from './infra/storage.ts';
import { startTableUpkeep } from './infra/table-upkeep.ts';
import type { AccessLookup } from './infra/tenancy/scope.ts';
import type { TokenSigner } from './infra/tokens.ts';
import { apiClientsModule } from './modules/api-clients/api-clients.module.ts';
import { findApiClientAccess } from './modules/api-clients/api-clients.service.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { automationsModule } from './modules/automations/automations.module.ts';
import { batchMessagesModule } from './modules/batch-messages/batch-messages.module.ts';
import { botsModule } from './modules/bots/bots.module.ts';
import { callsModule } from './modules/calls/calls.module.ts';
import { catalogModule } from './modules/catalog/catalog.module.ts';
import { cepModule } from './modules/cep/cep.module.ts';
import { chatModule } from './modules/chat/chat.module.ts';
import { contactsModule } from './modules/contacts/contacts.module.ts';
import { contractsModule } from './modules/contracts/contracts.module.ts';
import { dashboardsModule } from './modules/dashboards/dashboards.module.ts';
import { exportsModule } from './modules/exports/exports.module.ts';
import { formsModule } from './modules/forms/forms.module.ts';
import { invitationsModule } from './modules/invitations/invitations.module.ts';
import { leadImportModule } from './modules/lead-import/lead-import.module.ts';
import { newsModule } from './modules/news/news.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { omnichannelModule } from './modules/omnichannel/omnichannel.module.ts';
import { opportunitiesModule } from './modules/opportunities/opportunities.module.ts';
import { opportunityBatchesModule } from './modules/opportunity-batches/opportunity-batches.module.ts';
import { planningModule } from './modules/planning/planning.module.ts';
import { platformModule } from './modules/platform/platform.module.ts';
import type { PlatformDirectory } from './modules/platform/platform.service.ts';
import { realtimeModule } from './modules/realtime/realtime.module.ts';
import { simulatorModule } from './modules/simulator/simulator.module.ts';
import { tasksModule } from './modules/tasks/tasks.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { findUser, findWorkspaceAccess } from './modules/users/users.service.ts';
import { webhooksModule } from './modules/webhooks/webhooks.module.ts';
import { workspacesModule } from './modules/workspaces/workspaces.module.ts';

export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenSigner;
  mailer: Mailer;
  platforms: PlatformDirectory;
  jobs: Jobs;
  storage: Storage;
  events: Events;
  /** The chat channel adapters by channel (sandbox built in). */
  channels: ChannelRegistry;
  metrics: Metrics;
  /** Who is asking: read by the auth and workspace guards. */
  access: AccessLookup;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every route registered, as method, URL pattern and schemas (for the tenancy route matrix and the fuzz test). */
    routeTable: { method: string; url: string; schema?: FastifySchema }[];
  }
  interface FastifyRequest {
    platform: Platform;
    /** Set by the auth guard; only read it behind that guard. */
    auth: AuthContext;
    /** Set by the workspace guard; only read it under /workspaces/:workspaceId. */
    ctx: WorkspaceContext;
  }
}

/** The features of the API, each wired by its module file (routes, jobs, listeners), in registration order. */
const MODULES = [
  platformModule,
  authModule,
  invitationsModule,
  workspacesModule,
  usersModule,
  catalogModule,
  leadImportModule,
  opportunitiesModule,
  opportunityBatchesModule,
  callsModule,
  contactsModule,
  cepModule,
  tasksModule,
  contractsModule,
  planningModule,
  dashboardsModule,
  exportsModule,
  webhooksModule,
  automationsModule,
  botsModule,
  chatModule,
  realtimeModule,
  omnichannelModule,
  simulatorModule,
  batchMessagesModule,
  apiClientsModule,
  notificationsModule,
  formsModule,
  newsModule,
];

export const BODY_LIMIT_BYTES = 1024 * 1024;
const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppDeps = Omit<
  Deps,
  'mailer' | 'jobs' | 'storage' | 'events' | 'channels' | 'metrics' | 'access'
> & {
  mailer?: Mailer;
  jobs?: Jobs;
  storage?: Storage;
  channels?: Partial<ChannelRegistry>;
};

export async function buildApp(
  given: AppDeps,
  options: Pick<FastifyServerOptions, 'logger' | 'logController'> = {},
) {
  applyZodLocale();
  const { config } = given;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: options.logController,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a malformed or too long path) answer in the API's error shape too.
    frameworkErrors: (error, request, reply) =>
      withSecurityHeaders(request, reply, () => handleError(error, request, reply)),
  }).withTypeProvider<ZodTypeProvider>();

  const metrics = createMetrics(given.database);
  const deps: Deps = {
    ...given,
    mailer:
      given.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: join(config.dataDir, 'outbox'),
        logger: app.log,
      }),
    jobs: given.jobs ?? createJobs(given.database, { log: app.log, onFailure: metrics.jobFailed }),
    storage: given.storage ?? storageOf(config),
    events: createEvents(),
    channels: createChannelRegistry({
      whatsapp_cloud: createWhatsappCloud({ baseUrl: config.whatsappApiBaseUrl }),
      ...given.channels,
    }),
    metrics,
    access: { user: findUser, workspace: findWorkspaceAccess, apiClient: findApiClientAccess },
  };
  // The API speaks JSON only: anything else is 415, not a string handed to the schemas.
  app.removeContentTypeParser('text/plain');
  // Every schema of every route first refuses NUL characters and lone surrogates in any text, once for all fields.
  app.setValidatorCompiler<z.ZodType>(({ schema, ...route }) =>
    validatorCompiler({ schema: withSafeText(schema), ...route }),
  );
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  registerIdempotencyPrune(deps.jobs, deps.db);
  registerRateLimitPrune(deps.jobs, deps.db);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    requireResponseSchema(route);
    for (const method of [route.method].flat())
      app.routeTable.push({ method, url: route.url, schema: route.schema });
  });
  app.decorateRequest('platform', null as unknown as Platform);
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('ctx', null as unknown as WorkspaceContext);
  app.addHook('onRequest', async (request, reply) => {
    request.platform = deps.platforms.forHost(request.headers.host);
    reply.header('x-request-id', request.id);
    logWith(request, reply, { platform: request.platform.id });
  });
  // After every guard (they run on onRequest): a request's log lines name who asked, and in which workspace.
  app.addHook('preHandler', async (request, reply) => {
    if (request.ctx)
      logWith(request, reply, { workspace: request.ctx.workspaceId, user: request.ctx.userId });
    else if (request.auth) logWith(request, reply, { user: request.auth.userId });
  });
  app.setErrorHandler(handleError);
  // Queues are declared while the modules register; workers start once the app is ready. A queue that cannot
  // start leaves the API up: only the work that needs it fails.
  app.addHook('onReady', () =>
    deps.jobs.start().catch((err) => app.log.error({ err }, 'background jobs did not start')),
  );
  app.addHook('onClose', () =>
    deps.jobs.stop().catch((err) => app.log.error({ err }, 'background jobs did not stop cleanly')),
  );
  let upkeep: ReturnType<typeof startTableUpkeep> | undefined;
  app.addHook('onReady', async () => {
    upkeep = startTableUpkeep(deps.database, app.log);
  });
  app.addHook('onClose', () => upkeep?.stop());

  // The in-browser phone connects to the tenant's SIP server over its WebSocket.
  await securityHeaders(app, config.sip ? [new URL(config.sip.wssUrl).origin] : []);
  const rateLimitStore = sharedRateLimitStore(config.redisUrl, deps.db);
  app.addHook('onClose', () => rateLimitStore.close());
  await app.register(rateLimit, {
    ...rateLimitStore.options,
    global: false,
    // After parsing, so limits can be keyed by the login in the body.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 429,
      message: MESSAGES.tooManyRequests,
      ttl: context.ttl,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vendaval CRM API', version: '1' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'O token de acesso de uma pessoa ou a chave `vdv_…` de uma integração.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      finishDocument(
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject,
      ),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    theme: { title: 'Documentação da API' },
    // The document carries the name of the brand whose host is asked, so each white-label client sees its own.
    transformSpecification: (document, request) => ({
      ...document,
      info: { ...document.info, title: `API ${request.platform.name}` },
    }),
  });

  serveMetrics(app, metrics, config.metricsToken);
  watchJobQueues(metrics, deps.jobs);
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ok', database: deps.database.engine };
    } catch {
      return reply.status(503).send({ status: 503, message: MESSAGES.databaseDown });
    }
  });

  await app.register(
    async (api) => {
      for (const module of MODULES) await api.register(module);
    },
    { prefix: '/api/v1' },
  );

  await serveWebApp(app, config.webDist ?? defaultWebDist);
  return app;
}

/** The built web app at /, with every unknown non-API path answered by index.html (history-mode router). */
async function serveWebApp(app: FastifyInstance, dist: string) {
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (!hasWeb || isApi || request.method !== 'GET') {
      return reply.status(404).send({ status: 404, message: MESSAGES.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
