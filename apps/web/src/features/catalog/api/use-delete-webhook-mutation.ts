import { http } from '../../../lib/http.ts';
import { useWebhookMutation } from './use-webhook-mutation.ts';
import type { WebhooksTarget } from './webhooks-target.ts';

export const useDeleteWebhookMutation = (target: WebhooksTarget) =>
  useWebhookMutation(target, (base, id: number) => http.delete<{ message: string }>(`${base}/${id}`));
