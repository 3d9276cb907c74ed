import {
  invitationCreateSchema,
  invitationFulfillSchema,
  invitationSchema,
  tokenResponseSchema,
} from '@vendaval/core/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import { appUrlOf } from '../platform/platform.service.ts';
import * as invitations from './invitations.service.ts';

const idParams = z.object({ id: z.string().max(64) });
const FULFILL_LIMIT = { max: 10, timeWindow: '5 minutes' };

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, tokens } = app.deps;

  await workspaceScope(app, async (scope) => {
    scope.post(
      '/user-invitations',
      {
        schema: {
          tags: ['invitations'],
          security: [{ bearer: [] }],
          body: invitationCreateSchema,
          response: { 200: invitationSchema },
        },
      },
      (request) =>
        invitations.invite({ db, mailer }, request.ctx, request.platform, request.body, appUrlOf(request)),
    );
  });

  const validate = {
    schema: { tags: ['invitations'], params: idParams, response: { 200: invitationSchema } },
  };
  app.get('/user-invitations/:id/validate', validate, (request) =>
    invitations.validate(db, request.platform.id, request.params.id),
  );
  app.post('/user-invitations/:id/validate', validate, (request) =>
    invitations.validate(db, request.platform.id, request.params.id),
  );

  app.post(
    '/user-invitations/:id/fulfill',
    {
      config: { rateLimit: FULFILL_LIMIT },
      schema: {
        tags: ['invitations'],
        params: idParams,
        body: invitationFulfillSchema,
        response: { 200: tokenResponseSchema },
      },
    },
    (request) => invitations.fulfill({ db, tokens }, request.platform.id, request.params.id, request.body),
  );
};
