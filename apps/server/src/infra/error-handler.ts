import { MESSAGES } from '@vendaval/core/messages';
import type { ErrorResponse } from '@vendaval/core/schemas/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors.ts';

type FieldError = NonNullable<ErrorResponse['errors']>[number];

/** Every failure leaves as `{ status, message, errors? }`; internals stay in the log with the request id. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toBody(error);
  if (body.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status: body.status, message: body.message }, 'request refused');
  return reply.status(body.status).send(body);
}

function toBody(error: FastifyError): ErrorResponse {
  if (error instanceof HttpError) return error.toBody();
  if (hasZodFastifySchemaValidationErrors(error)) return validationBody(error);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: MESSAGES.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: MESSAGES.unsupportedMediaType };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalid([{ field: 'body', description: MESSAGES.malformedJson }]);
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return invalid([{ field: 'body', description: MESSAGES.malformedJson }]);
  }
  if (error.statusCode === 429) return { status: 429, message: MESSAGES.tooManyRequests };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: error.message };
  }
  return { status: 500, message: MESSAGES.internal };
}

function validationBody(error: FastifyError): ErrorResponse {
  const source = error.validationContext ?? 'body';
  const errors = (error.validation ?? []).flatMap((issue): FieldError[] => {
    const params = issue.params as { keys?: string[] } | undefined;
    if (issue.keyword === 'unrecognized_keys' && params?.keys) {
      return params.keys.map((key) => ({ field: key, description: MESSAGES.unknownField(key) }));
    }
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return [{ field: path || source, description: issue.message ?? MESSAGES.invalidBody }];
  });
  return invalid(errors);
}

const invalid = (errors: FieldError[]): ErrorResponse => ({
  status: 400,
  message: errors.length === 1 && errors[0] ? errors[0].description : MESSAGES.invalidBody,
  errors,
});
