import type { WebhookSecret } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import { useWebhookMutation } from './use-webhook-mutation.ts';
import type { WebhooksTarget } from './webhooks-target.ts';

/** Replaces the signing secret at once; the new one is shown this once. */
export const useRotateWebhookSecretMutation = (target: WebhooksTarget) =>
  useWebhookMutation(target, (base, id: number) => http.post<WebhookSecret>(`${base}/${id}/secret`));
