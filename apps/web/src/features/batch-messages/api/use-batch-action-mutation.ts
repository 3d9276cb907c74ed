import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchMessage } from '@vendaval/core/schemas/batch-messages';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { batchMessagesKey } from './batch-messages-keys.ts';

export type BatchAction = 'pause' | 'resume' | 'cancel';

/** POST /batch-messages/{id}/pause, /resume or /cancel (CHAT-102). */
export function useBatchActionMutation() {
  const { workspaceId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: BatchAction }) =>
      http.post<BatchMessage>(`/workspaces/${workspaceId}/batch-messages/${id}/${action}`),
    onSettled: () => client.invalidateQueries({ queryKey: batchMessagesKey(workspaceId) }),
  });
}
