import { useMutation } from '@tanstack/react-query';
import type { OpportunityCall } from '@vendaval/core/schemas/calls';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** The rep hangs up their call. A call the line ended meanwhile (409) needs no toast: the bar follows it. */
export function useEndCallMutation() {
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (callId: number) =>
      http.post<OpportunityCall>(`/workspaces/${workspaceId}/opportunity-calls/${callId}/end`, {}),
    meta: { errorToast: false },
  });
}
