import { MESSAGES } from '@vendaval/core/messages';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../infra/errors.ts';
import type { ZodApp } from '../../infra/zod-app.ts';

/** A brand without the planning key has no planning at all: its routes answer as if they did not exist. */
export async function refuseWithoutPlanning(request: FastifyRequest) {
  if (!request.platform.flags.planning) throw notFound(MESSAGES.notFound);
}

/** Every route of the scope behind the planning key. */
export function planningGate(scope: ZodApp) {
  scope.addHook('onRequest', refuseWithoutPlanning);
}
