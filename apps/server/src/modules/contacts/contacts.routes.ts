import { idSchema, pageOf } from '@vendaval/core/schemas/common';
import { contactListQuerySchema, contactSchema, contactUpdateSchema } from '@vendaval/core/schemas/contacts';
import { historyEntrySchema, historyPageQuerySchema } from '@vendaval/core/schemas/history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as contacts from './contacts.service.ts';

const security = [{ bearer: [] }];
const tags = ['contacts'];
const params = z.object({ contactId: idSchema });

/** The workspace's contacts: any member reads and edits them. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/contacts',
      {
        schema: {
          tags,
          security,
          querystring: contactListQuerySchema,
          response: { 200: pageOf(contactSchema) },
        },
      },
      (request) => contacts.listContacts(db, request.ctx, request.query),
    );
    scope.get(
      '/contacts/:contactId',
      { schema: { tags, security, params, response: { 200: contactSchema } } },
      (request) => contacts.getContact(db, request.ctx, request.params.contactId),
    );
    scope.put(
      '/contacts/:contactId',
      { schema: { tags, security, params, body: contactUpdateSchema, response: { 200: contactSchema } } },
      (request) => contacts.updateContact(db, request.ctx, request.params.contactId, request.body),
    );
    scope.get(
      '/contacts/:contactId/logs',
      {
        schema: {
          tags,
          security,
          params,
          querystring: historyPageQuerySchema,
          response: { 200: pageOf(historyEntrySchema) },
        },
      },
      (request) => contacts.listContactLogs(db, request.ctx, request.params.contactId, request.query),
    );
  });
};
