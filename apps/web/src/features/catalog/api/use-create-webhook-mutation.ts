import type { WebhookCreate, WebhookCreated } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import { useWebhookMutation } from './use-webhook-mutation.ts';
import type { WebhooksTarget } from './webhooks-target.ts';

/** Answers the new webhook with its signing secret, which is shown this once. */
export const useCreateWebhookMutation = (target: WebhooksTarget) =>
  useWebhookMutation(target, (base, input: WebhookCreate) => http.post<WebhookCreated>(base, input));
