import { useMutation } from '@tanstack/react-query';
import type { OpportunityCall } from '@vendaval/core/schemas/calls';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** A single call to one card's number by the signed-in rep (opportunity_id, user_id, phone_number). */
export function useStartCallMutation() {
  const { workspaceId, user } = useSession();
  return useMutation({
    mutationFn: ({ opportunityId, phoneNumber }: { opportunityId: number; phoneNumber: string }) =>
      http.post<OpportunityCall>(`/workspaces/${workspaceId}/opportunity-calls`, {
        opportunity_id: opportunityId,
        user_id: user?.id,
        phone_number: phoneNumber,
      }),
    meta: { errorToast: false },
  });
}
