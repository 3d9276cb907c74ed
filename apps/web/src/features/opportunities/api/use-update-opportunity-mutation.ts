import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Opportunity, OpportunityUpdateInput } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { opportunityKey } from '../../../lib/opportunity-keys.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateCards } from './invalidate-cards.ts';

/** PUT /opportunities/{id}: the edit form sends every field, the notes tab only { id, description }. */
export function useUpdateOpportunityMutation(id: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (payload: OpportunityUpdateInput) =>
      http.put<Opportunity>(`/workspaces/${workspaceId}/opportunities/${id}`, payload),
    onSuccess: (saved) => {
      if (saved && typeof saved === 'object' && 'id' in saved) {
        queryClient.setQueryData(opportunityKey(workspaceId, id), saved);
      }
      return invalidateCards(queryClient, workspaceId);
    },
  });
}
