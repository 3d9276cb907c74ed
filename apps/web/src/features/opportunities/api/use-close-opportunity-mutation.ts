import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateCards } from './invalidate-cards.ts';

export type CloseData =
  | { state_type: 'Won' }
  | { state_type: 'Lost'; closed_type: number; closed_description: string | null };

/** PUT /opportunities/{id}/close. The caller shows failures: a missing task is a step of the flow, not an error. */
export function useCloseOpportunityMutation(id: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (data: CloseData) =>
      http.put<Opportunity>(`/workspaces/${workspaceId}/opportunities/${id}/close`, {
        id,
        workspace_id: workspaceId ?? undefined,
        data,
      }),
    meta: { errorToast: false },
    onSuccess: () => invalidateCards(queryClient, workspaceId),
  });
}
