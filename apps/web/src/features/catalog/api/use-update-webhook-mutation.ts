import type { Webhook, WebhookUpdate } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import { useWebhookMutation } from './use-webhook-mutation.ts';
import type { WebhooksTarget } from './webhooks-target.ts';

export const useUpdateWebhookMutation = (target: WebhooksTarget) =>
  useWebhookMutation(target, (base, { id, ...patch }: WebhookUpdate & { id: number }) =>
    http.put<Webhook>(`${base}/${id}`, patch),
  );
