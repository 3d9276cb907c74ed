import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateCards } from './invalidate-cards.ts';

/** A won or lost card started again as a new open cycle, at the top of the first stage (platform.md §4). */
export function useRecreateOpportunityMutation(id: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: () => http.put<Opportunity>(`/workspaces/${workspaceId}/opportunities/${id}/recreate`, {}),
    onSuccess: () => invalidateCards(queryClient, workspaceId),
  });
}
