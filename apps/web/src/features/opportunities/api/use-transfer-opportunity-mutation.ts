import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferDistribution } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { ApiError, http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateCards } from './invalidate-cards.ts';

export type TransferVariables = {
  workspace_id: number;
  sales_stage_id: number;
  user_id: number | null;
  keep_user_id: boolean;
  distribution: TransferDistribution;
};

/** The server's answer for a card that was closed in the meantime. */
export function isAlreadyClosedError(error: unknown): boolean {
  return error instanceof ApiError && error.body?.message === MESSAGES.opportunityAlreadyClosed;
}

/** PUT /opportunities/{id}/transfer. The modal shows the closed-card answer itself; the card is not read here again. */
export function useTransferOpportunityMutation(id: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (variables: TransferVariables) =>
      http.put<Opportunity>(`/workspaces/${workspaceId}/opportunities/${id}/transfer`, {
        ...variables,
        opportunity_id: id,
      }),
    meta: { errorToast: false },
    onSuccess: () => invalidateCards(queryClient, workspaceId, id),
  });
}
