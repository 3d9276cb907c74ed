import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchMessage, BatchMessageCreateInput } from '@vendaval/core/schemas/batch-messages';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { batchMessagesKey } from './batch-messages-keys.ts';

/** POST /batch-messages (CHAT-101): the batch starts sending in the background. */
export function useCreateBatchMessageMutation() {
  const { workspaceId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchMessageCreateInput) =>
      http.post<BatchMessage>(`/workspaces/${workspaceId}/batch-messages`, body),
    onSettled: () => client.invalidateQueries({ queryKey: batchMessagesKey(workspaceId) }),
  });
}
