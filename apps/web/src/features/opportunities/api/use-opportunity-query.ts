import { useQuery } from '@tanstack/react-query';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { opportunityKey } from '../../../lib/opportunity-keys.ts';
import { useSession } from '../../../lib/session.ts';

/** One card with everything the detail modal shows. */
export function useOpportunityQuery(id: number) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: opportunityKey(workspaceId, id),
    queryFn: ({ signal }) =>
      http.get<Opportunity>(`/workspaces/${workspaceId}/opportunities/${id}`, { signal }),
    enabled: workspaceId !== null,
    staleTime: 0,
  });
}
