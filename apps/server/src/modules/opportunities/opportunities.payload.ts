import type { FastifyRequest } from 'fastify';

/**
 * The fields a client sent, taken before validation: the parsed body gives every optional text field, sent or
 * not, as null, and an edit must leave the fields it does not name as they are.
 */
const sentFields = new WeakMap<FastifyRequest, { body: Set<string>; contact: Set<string> | null }>();

const keysOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? new Set(Object.keys(value)) : null;

export async function rememberSentFields(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  sentFields.set(request, { body: keysOf(body) ?? new Set(), contact: keysOf(body?.contact) });
}

function pick<T extends object>(value: T, keys: Set<string>): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => keys.has(key))) as T;
}

/** The parsed body without the fields the client left out: of its contact only, or of the body too. */
export function onlySent<T extends { contact?: object | undefined }>(
  request: FastifyRequest,
  body: T,
  scope: 'contact' | 'all',
): T {
  const sent = sentFields.get(request);
  if (!sent) return body;
  const result: T = scope === 'all' ? pick(body, sent.body) : { ...body };
  if (body.contact && sent.contact) result.contact = pick(body.contact, sent.contact);
  return result;
}
