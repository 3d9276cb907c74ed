import multipart from '@fastify/multipart';
import { MESSAGES } from '@vendaval/core/messages';
import {
  LEAD_IMPORT_MAX_BYTES,
  leadImportCreatedSchema,
  leadImportParamsSchema,
  leadImportSchema,
} from '@vendaval/core/schemas/lead-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../infra/errors.ts';
import { fileResponse } from '../../infra/route-schemas.ts';
import { workspaceScope } from '../../infra/tenancy/workspace-guard.ts';
import * as leadImport from './lead-import.service.ts';

const security = [{ bearer: [] }];
const tags = ['opportunities'];
const FILE_FIELD = 'file';

export const leadImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, jobs } = app.deps;
  await app.register(multipart, {
    limits: { fileSize: LEAD_IMPORT_MAX_BYTES, files: 1, fields: 20, fieldSize: 1000, parts: 21 },
  });

  await workspaceScope(app, async (scope) => {
    scope.post(
      '/opportunities/upload',
      {
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          response: { 200: leadImportCreatedSchema },
        },
      },
      async (request) => {
        // Refused before the file is read.
        leadImport.assertCanImport(request.ctx);
        const upload = await readUpload(request);
        return leadImport.startImport({ db, jobs }, request.ctx, request.platform, upload);
      },
    );
    scope.get(
      '/opportunities/upload/:importId',
      { schema: { tags, security, params: leadImportParamsSchema, response: { 200: leadImportSchema } } },
      (request) => leadImport.getImport(db, request.ctx, request.params.importId),
    );
    scope.get(
      '/opportunities/upload/:importId/report',
      {
        schema: {
          tags,
          security,
          params: leadImportParamsSchema,
          produces: ['text/csv'],
          response: fileResponse,
        },
      },
      async (request, reply) => {
        const report = await leadImport.importReport(db, request.ctx, request.params.importId);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${report.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(report.body);
      },
    );
  });
};

/** The file and the text fields of the form, in whatever order they come. */
async function readUpload(request: FastifyRequest): Promise<leadImport.Upload> {
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.leadImportNotMultipart);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== FILE_FIELD)
        throw badRequest(MESSAGES.unknownField(part.fieldname), part.fieldname);
      else file = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!file || file.length === 0) throw badRequest(MESSAGES.leadImportFileMissing, FILE_FIELD);
  return { file, fields };
}

function uploadError(error: unknown) {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, MESSAGES.leadImportFileTooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(MESSAGES.leadImportOneFile, FILE_FIELD);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new HttpError(413, MESSAGES.payloadTooLarge);
  return error;
}
