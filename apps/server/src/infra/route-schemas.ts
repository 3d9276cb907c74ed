import type { RouteOptions } from 'fastify';
import { z } from 'zod';

const API_PREFIX = '/api/v1/';

/**
 * The API's routes all declare what they answer, so the serializer drops any field the schema does not name and
 * a row never reaches a client as it is. An onRoute hook: a route without one stops the app while it starts.
 */
export function requireResponseSchema(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>) {
  if (!route.url.startsWith(API_PREFIX) || route.schema?.response) return;
  throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no response schema`);
}

/** The answer of a route that sends a stored file: its bytes, which the serializer leaves alone. */
export const fileResponse = { 200: z.unknown().describe('The file, with its content type') };
