import { useMutation } from '@tanstack/react-query';
import type { BatchCall } from '@vendaval/core/schemas/calls';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

export type QueueAction = 'start' | 'pause' | 'stop';

/** Resume (or go on to the next card), pause or finish the rep's queue (PLAT-160 to PLAT-162). */
export function useQueueActionMutation() {
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: ({ rowId, action }: { rowId: string; action: QueueAction }) =>
      http.post<BatchCall>(`/workspaces/${workspaceId}/batch-calls/${rowId}/${action}`, {}),
  });
}
