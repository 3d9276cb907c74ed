import { UNKNOWN_ERROR } from '@vendaval/core/messages';
import { ApiError } from '../../lib/http.ts';

/** Why an e-mailed link (invitation, password reset) cannot be used, as the server said it. */
export function linkProblem(error: Error, fallback: string): string {
  if (error instanceof ApiError && error.status !== undefined) return error.body?.message ?? fallback;
  return UNKNOWN_ERROR.message;
}
