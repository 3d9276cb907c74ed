import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Opportunity, OpportunityCreateInput } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateCards } from './invalidate-cards.ts';

export function useCreateOpportunityMutation() {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (payload: OpportunityCreateInput) =>
      http.post<Opportunity>(`/workspaces/${workspaceId}/opportunities`, payload),
    onSuccess: () => invalidateCards(queryClient, workspaceId),
  });
}
