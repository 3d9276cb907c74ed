import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateCards } from './invalidate-cards.ts';

/** PUT /opportunities/{id}/assign: a new responsible. */
export function useAssignOpportunityMutation(id: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (userId: number) =>
      http.put<Opportunity>(`/workspaces/${workspaceId}/opportunities/${id}/assign`, {
        user_id: userId,
        opportunity_id: id,
      }),
    onSuccess: () => invalidateCards(queryClient, workspaceId),
  });
}
