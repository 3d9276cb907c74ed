import { MESSAGES } from '@vendaval/core/messages';
import { selectableRoles } from '@vendaval/core/permissions';
import { ROLE_LABELS, ROLES } from '@vendaval/core/roles';
import {
  requestPasswordResetSchema,
  resetLinkQuerySchema,
  resetPasswordSchema,
  roleOptionSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@vendaval/core/schemas/auth';
import { idSchema, okSchema } from '@vendaval/core/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../infra/errors.ts';
import { requireAuth } from '../../infra/tenancy/auth-guard.ts';
import { appUrlOf } from '../platform/platform.service.ts';
import { findMembership } from '../users/users.service.ts';
import * as auth from './auth.service.ts';

const LOGIN_WINDOW = '5 minutes';
const RESET_LIMIT = { max: 5, timeWindow: '15 minutes' };
// Opening the link checks it; a reload or two must not spend the attempts the form needs.
const RESET_CHECK_LIMIT = { max: 30, timeWindow: '15 minutes' };

/** Login attempts are counted per address and login, so one person's typos do not lock out an office. */
const loginKey = (request: FastifyRequest) =>
  `${request.ip}:${String((request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tokens, mailer, config } = app.deps;
  // Besides the per-login count: one address trying many logins (credential stuffing) meets a cap of its own.
  const perAddress = app.createRateLimit({ max: config.loginAttemptsPerAddress, timeWindow: LOGIN_WINDOW });
  const capPerAddress = async (request: FastifyRequest) => {
    const limit = await perAddress(request);
    if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, MESSAGES.tooManyRequests);
  };

  app.post(
    '/auth/token',
    {
      config: {
        rateLimit: { max: config.loginAttemptsPerWindow, timeWindow: LOGIN_WINDOW, keyGenerator: loginKey },
      },
      preHandler: capPerAddress,
      schema: { tags: ['auth'], body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
    },
    (request) => auth.login(db, tokens, request.platform, request.body.username, request.body.password),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: requireAuth,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: okSchema } },
    },
    (request) => auth.logout(db, request.auth),
  );

  app.put(
    '/auth/request-password-reset',
    {
      config: { rateLimit: RESET_LIMIT },
      schema: { tags: ['auth'], body: requestPasswordResetSchema, response: { 200: okSchema } },
    },
    (request) =>
      auth.requestPasswordReset(db, mailer, request.platform, request.body.email, appUrlOf(request)),
  );

  app.get(
    '/auth/reset-password',
    {
      config: { rateLimit: RESET_CHECK_LIMIT },
      schema: {
        tags: ['auth'],
        querystring: resetLinkQuerySchema,
        response: { 200: okSchema },
      },
    },
    (request) => auth.checkPasswordReset(db, request.platform, request.query.token),
  );

  app.put(
    '/auth/reset-password',
    {
      config: { rateLimit: RESET_LIMIT },
      schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: okSchema } },
    },
    (request) => auth.resetPassword(db, request.platform, request.body.token, request.body.password),
  );

  app.get(
    '/roles',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        querystring: z.strictObject({ workspace_id: idSchema.optional() }),
        response: { 200: z.object({ data: z.array(roleOptionSchema) }) },
      },
    },
    async (request) => {
      const workspaceId = request.query.workspace_id;
      const membership = workspaceId
        ? await findMembership(db, request.auth.platformId, workspaceId, request.auth.userId)
        : undefined;
      if (workspaceId && !membership) throw notFound(MESSAGES.notFound);
      const roles = membership ? selectableRoles(membership.role) : ROLES;
      return { data: roles.map((id) => ({ id, name: ROLE_LABELS[id] })) };
    },
  );
};
