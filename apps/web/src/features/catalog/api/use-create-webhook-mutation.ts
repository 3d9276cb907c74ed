import type { WebhookCreate, WebhookCreated } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import { useWebhookMutation } from './use-webhook-mutation.ts';

/** Answers the new webhook with its signing secret, which is shown this once. */
export const useCreateWebhookMutation = (workspaceId: number | null) =>
  useWebhookMutation(workspaceId, (base, input: WebhookCreate) => http.post<WebhookCreated>(base, input));
