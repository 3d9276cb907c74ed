import type { Webhook, WebhookUpdate } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import { useWebhookMutation } from './use-webhook-mutation.ts';

export const useUpdateWebhookMutation = (workspaceId: number | null) =>
  useWebhookMutation(workspaceId, (base, { id, ...patch }: WebhookUpdate & { id: number }) =>
    http.put<Webhook>(`${base}/${id}`, patch),
  );
