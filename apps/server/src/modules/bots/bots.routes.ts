import {
  botSchema,
  digitalEmployeeCreateSchema,
  digitalEmployeeDeletedSchema,
  digitalEmployeeQuerySchema,
  digitalEmployeeSchema,
  digitalEmployeeUpdateSchema,
  metaTemplateQuerySchema,
  metaTemplatesQuerySchema,
} from '@vendaval/core/schemas/bots';
import { messageTemplateSchema } from '@vendaval/core/schemas/chat';
import { idSchema, pageOf } from '@vendaval/core/schemas/common';
import { templateCreateSchema } from '@vendaval/core/schemas/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createWhatsappCloud } from '../../infra/channels/whatsapp-cloud.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as botsService from './bots.service.ts';
import * as employees from './digital-employees.service.ts';
import * as templates from './meta-templates.service.ts';

const security = [{ bearer: [] }];
const tags = ['bots'];
const idParams = z.object({ id: idSchema });
const botParams = z.object({ bid: idSchema });
const templateList = z.object({ data: z.array(messageTemplateSchema) });

/**
 * The workspace's bots as the chat offers them (chat.md §7 "List bots"), their message templates, and the
 * admin list of digital employees (platform.md §7).
 */
export const botRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const whatsapp = createWhatsappCloud({ baseUrl: config.whatsappApiBaseUrl });
  await workspaceScope(app, async (scope) => {
    scope.get(
      '/bots',
      { schema: { tags, security, response: { 200: z.object({ data: z.array(botSchema) }) } } },
      (request) => botsService.listBots(db, request.ctx),
    );

    scope.get(
      '/bots/:bid/meta-templates',
      {
        schema: {
          tags,
          security,
          params: botParams,
          querystring: metaTemplatesQuerySchema,
          response: { 200: templateList },
        },
      },
      (request) => templates.listTemplates(db, request.ctx, request.params.bid, request.query.all === 'true'),
    );
    scope.get(
      '/bots/:bid/meta-templates/:name',
      {
        schema: {
          tags,
          security,
          params: botParams.extend({ name: z.string().min(1).max(512) }),
          querystring: metaTemplateQuerySchema,
          response: { 200: messageTemplateSchema },
        },
      },
      (request) =>
        templates.getTemplate(
          db,
          request.ctx,
          request.params.bid,
          request.params.name,
          request.query.language,
        ),
    );
    scope.put(
      '/bots/:bid/meta-templates',
      { schema: { tags, security, params: botParams, response: { 200: templateList } } },
      (request) => templates.syncTemplates(db, whatsapp, request.ctx, request.params.bid),
    );
    scope.post(
      '/bots/:bid/meta-templates',
      {
        schema: {
          tags,
          security,
          params: botParams,
          body: templateCreateSchema,
          response: { 200: messageTemplateSchema },
        },
      },
      (request) => templates.createTemplate(db, whatsapp, request.ctx, request.params.bid, request.body),
    );

    scope.get(
      '/digital-employees',
      {
        schema: {
          tags,
          security,
          querystring: digitalEmployeeQuerySchema,
          response: { 200: pageOf(digitalEmployeeSchema) },
        },
      },
      (request) => employees.listDigitalEmployees(db, request.ctx, request.query),
    );
    scope.get(
      '/digital-employees/:id',
      { schema: { tags, security, params: idParams, response: { 200: digitalEmployeeSchema } } },
      (request) => employees.getDigitalEmployee(db, request.ctx, request.params.id),
    );
    scope.post(
      '/digital-employees',
      {
        schema: {
          tags,
          security,
          body: digitalEmployeeCreateSchema,
          response: { 200: digitalEmployeeSchema },
        },
      },
      (request) => employees.createDigitalEmployee(db, request.ctx, request.body),
    );
    scope.put(
      '/digital-employees/:id',
      {
        schema: {
          tags,
          security,
          params: idParams,
          body: digitalEmployeeUpdateSchema,
          response: { 200: digitalEmployeeSchema },
        },
      },
      (request) => employees.updateDigitalEmployee(db, request.ctx, request.params.id, request.body),
    );
    scope.delete(
      '/digital-employees/:id',
      { schema: { tags, security, params: idParams, response: { 200: digitalEmployeeDeletedSchema } } },
      (request) => employees.deleteDigitalEmployee(db, request.ctx, request.params.id),
    );
  });
};
