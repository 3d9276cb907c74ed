import { okSchema, pageOf, paginationQuerySchema } from '@vendaval/core/schemas/common';
import {
  FORM_SUBMISSION_BODY_LIMIT,
  formParamsSchema,
  formSchema,
  formSubmissionPayloadSchema,
  formSubmissionResultSchema,
  formSubmissionSchema,
  formWriteSchema,
  publicFormParamsSchema,
  publicFormSchema,
} from '@vendaval/core/schemas/forms';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as forms from './forms.service.ts';

const security = [{ bearer: [] }];
const tags = ['forms'];
const params = formParamsSchema;

/** Submissions are counted per address and form, so one visitor cannot flood a form, nor one form its neighbours. */
const submissionKey = (request: FastifyRequest) =>
  `${request.ip}:${(request.params as { publicId?: string }).publicId ?? ''}`;

/** Marketing forms (platform.md §7 "Forms"): built in the workspace, sent by visitors without a login. */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events, tokens, config } = app.deps;
  const guard: forms.FormGuard = { tokens, minFillSeconds: config.formMinFillSeconds };

  await workspaceScope(app, async (scope) => {
    scope.get(
      '/forms',
      {
        schema: { tags, security, querystring: paginationQuerySchema, response: { 200: pageOf(formSchema) } },
      },
      (request) => forms.listForms(db, request.ctx, request.query),
    );
    scope.post(
      '/forms',
      { schema: { tags, security, body: formWriteSchema, response: { 200: formSchema } } },
      (request) => forms.createForm(db, request.ctx, request.body),
    );
    scope.get(
      '/forms/:id',
      { schema: { tags, security, params, response: { 200: formSchema } } },
      (request) => forms.getForm(db, request.ctx, request.params.id),
    );
    scope.put(
      '/forms/:id',
      { schema: { tags, security, params, body: formWriteSchema, response: { 200: formSchema } } },
      (request) => forms.updateForm(db, request.ctx, request.params.id, request.body),
    );
    scope.delete(
      '/forms/:id',
      { schema: { tags, security, params, response: { 200: okSchema } } },
      (request) => forms.deleteForm(db, request.ctx, request.params.id),
    );
    scope.get(
      '/forms/:id/submissions',
      {
        schema: {
          tags,
          security,
          params,
          querystring: paginationQuerySchema,
          response: { 200: pageOf(formSubmissionSchema) },
        },
      },
      (request) => forms.listSubmissions(db, request.ctx, request.params.id, request.query),
    );
  });

  app.get(
    '/public/forms/:publicId',
    { schema: { tags, params: publicFormParamsSchema, response: { 200: publicFormSchema } } },
    (request) => forms.getPublicForm(db, guard, request.platform.id, request.params.publicId),
  );
  app.post(
    '/public/forms/:publicId/submissions',
    {
      bodyLimit: FORM_SUBMISSION_BODY_LIMIT,
      config: {
        rateLimit: {
          max: config.formSubmissionsPerAddress,
          timeWindow: '1 hour',
          keyGenerator: submissionKey,
        },
      },
      schema: {
        tags,
        params: publicFormParamsSchema,
        body: formSubmissionPayloadSchema,
        response: { 200: formSubmissionResultSchema },
      },
    },
    (request) =>
      forms.submitForm({ db, events }, guard, request.platform, request.params.publicId, request.body),
  );
};
