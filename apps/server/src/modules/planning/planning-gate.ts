import { MESSAGES } from '@vendaval/core/messages';
import { notFound } from '../../infra/errors.ts';
import type { ZodApp } from '../../infra/zod-app.ts';

/** A brand without the planning key has no planning at all: every route answers as if it did not exist. */
export function planningGate(scope: ZodApp) {
  scope.addHook('onRequest', async (request) => {
    if (!request.platform.flags.planning) throw notFound(MESSAGES.notFound);
  });
}
