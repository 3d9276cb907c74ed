import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateCards } from './invalidate-cards.ts';

/** Back to Open: in the chosen open stage, or (no stage) the last open one, on top of its column. */
export function useReopenOpportunityMutation(id: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (salesStageId?: number) =>
      http.put<Opportunity>(
        `/workspaces/${workspaceId}/opportunities/${id}/reopen`,
        salesStageId === undefined ? {} : { sales_stage_id: salesStageId },
      ),
    onSuccess: () => invalidateCards(queryClient, workspaceId),
  });
}
