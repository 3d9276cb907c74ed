import { errorTitle, MESSAGES } from '@vendaval/core/messages';
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
  if (body.status === 503) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return reply.status(body.status).send(body);
}

/** A restart or failover of PostgreSQL takes seconds; a client that waits this long usually finds it back. */
const DATABASE_RETRY_AFTER_SECONDS = 2;
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);
const CONNECTION_MESSAGES = /not queryable|Connection terminated|timeout exceeded when trying to connect/;

/** The database could not be reached, or ended the connection (a restart): nothing about the request was wrong. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (CONNECTION_MESSAGES.test(cause.message)) return true;
  }
  return false;
}

function toBody(error: FastifyError): ErrorResponse {
  if (error instanceof HttpError) return error.toBody();
  if (isDatabaseUnavailable(error)) return { status: 503, message: MESSAGES.databaseDown };
  if (hasZodFastifySchemaValidationErrors(error)) return validationBody(error);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: MESSAGES.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: MESSAGES.unsupportedMediaType };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: MESSAGES.badUrl };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: MESSAGES.urlTooLong };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalid([{ field: 'body', description: MESSAGES.malformedJson }]);
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return invalid([{ field: 'body', description: MESSAGES.malformedJson }]);
  }
  if (error.statusCode === 429) return { status: 429, message: MESSAGES.tooManyRequests };
  // A plugin's own refusal (e.g. a static file outside its folder): its status, with the catalogue's text for it.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: errorTitle(error.statusCode) };
  }
  return { status: 500, message: MESSAGES.internal };
}

function validationBody(error: FastifyError): ErrorResponse {
  const source = error.validationContext ?? 'body';
  const issues = (error.validation ?? []).map(
    (issue): Issue => ({
      ...(issue.params as Partial<Issue> | undefined),
      code: issue.keyword,
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message ?? MESSAGES.invalidBody,
    }),
  );
  return invalid(issues.flatMap((issue) => fieldErrors(issue, source)));
}

/** A zod issue as the validator hands it over; the issues of a union's members carry paths relative to the union. */
interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  errors?: Issue[][];
}

function fieldErrors(issue: Issue, source: string): FieldError[] {
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    return issue.keys.map((key) => ({ field: key, description: MESSAGES.unknownField(key) }));
  }
  const member = issue.code === 'invalid_union' ? intendedMember(issue.errors ?? []) : undefined;
  if (member)
    return member.flatMap((inner) => fieldErrors({ ...inner, path: [...issue.path, ...inner.path] }, source));
  const path = issue.path.map(String).join('.');
  return [{ field: path || source, description: issue.message }];
}

/**
 * The union member the client meant, so its errors name real fields: the one that knows every field sent, then
 * the one with the fewest problems. None when that does not single one out.
 */
function intendedMember(members: Issue[][]): Issue[] | undefined {
  const unknownFields = (issues: Issue[]) =>
    issues.reduce((n, i) => n + (i.code === 'unrecognized_keys' ? (i.keys?.length ?? 1) : 0), 0);
  const byIntent = (a: Issue[], b: Issue[]) => unknownFields(a) - unknownFields(b) || a.length - b.length;
  const [best, next] = [...members].sort(byIntent);
  if (!best?.length || (next && byIntent(best, next) === 0)) return undefined;
  return best;
}

const invalid = (errors: FieldError[]): ErrorResponse => ({
  status: 400,
  message: errors.length === 1 && errors[0] ? errors[0].description : MESSAGES.invalidBody,
  errors,
});
