import { idSchema, okSchema, pageOf } from '@vendaval/core/schemas/common';
import {
  findByUsernameSchema,
  memberAddSchema,
  memberDetailSchema,
  memberListQuerySchema,
  memberSchema,
  memberUpdateSchema,
  userLookupSchema,
} from '@vendaval/core/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticatedScope } from '../../infra/tenancy/auth-guard.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as users from './users.service.ts';

const security = [{ bearer: [] }];
const tags = ['users'];
const userParams = z.object({ userId: idSchema });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await workspaceScope(app, async (scope) => {
    scope.get(
      '/users',
      {
        schema: {
          tags,
          security,
          querystring: memberListQuerySchema,
          response: { 200: pageOf(memberSchema) },
        },
      },
      (request) => users.listMembers(db, request.ctx, request.query),
    );
    scope.get(
      '/users-in-hierarchy',
      {
        schema: {
          tags,
          security,
          querystring: memberListQuerySchema,
          response: { 200: pageOf(memberSchema) },
        },
      },
      (request) => users.listMembersInHierarchy(db, request.ctx, request.query),
    );
    scope.post(
      '/users',
      { schema: { tags, security, body: memberAddSchema, response: { 200: memberDetailSchema } } },
      (request) => users.addExistingMember(db, request.ctx, request.body),
    );
    scope.post(
      '/users/find-one-by-username',
      { schema: { tags, security, body: findByUsernameSchema, response: { 200: userLookupSchema } } },
      (request) => users.findOneByUsername(db, request.ctx, request.body.username),
    );
    scope.get(
      '/users/:userId',
      { schema: { tags, security, params: userParams, response: { 200: memberDetailSchema } } },
      (request) => users.getMember(db, request.ctx, request.params.userId),
    );
    scope.put(
      '/users/:userId',
      {
        schema: {
          tags,
          security,
          params: userParams,
          body: memberUpdateSchema,
          response: { 200: memberDetailSchema },
        },
      },
      (request) => users.updateMember(db, request.ctx, request.params.userId, request.body),
    );
    scope.delete(
      '/users/:userId',
      { schema: { tags, security, params: userParams, response: { 200: okSchema } } },
      (request) => users.removeMember(db, request.ctx, request.params.userId),
    );
  });

  await authenticatedScope(app, async (authed) => {
    const params = z.object({ id: idSchema });
    authed.get(
      '/users/:id/workspaces/:wid',
      {
        schema: {
          tags,
          security,
          params: params.extend({ wid: idSchema }),
          response: { 200: memberDetailSchema },
        },
      },
      (request) => users.memberOfWorkspace(db, request.auth, request.params.id, request.params.wid),
    );
  });
};
