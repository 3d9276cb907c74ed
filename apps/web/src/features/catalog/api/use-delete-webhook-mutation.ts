import { http } from '../../../lib/http.ts';
import { useWebhookMutation } from './use-webhook-mutation.ts';

export const useDeleteWebhookMutation = (workspaceId: number | null) =>
  useWebhookMutation(workspaceId, (base, id: number) => http.delete<{ message: string }>(`${base}/${id}`));
