import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OPPORTUNITY_SELECTOR_PAGE_SIZE } from '@vendaval/core/constants';
import { seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { useCurrentRole } from '../../../lib/current-workspace.ts';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { opportunitiesKey } from '../../../lib/opportunity-keys.ts';
import { useSession } from '../../../lib/session.ts';

/** The selector's page of 15 cards, most recently changed first; a salesRep asks only for their own. */
export function useOpportunitySearchQuery(search: string, enabled: boolean) {
  const { workspaceId, user } = useSession();
  const role = useCurrentRole();
  const ownerId = role !== null && seesOnlyOwnOpportunities(role) ? user?.id : undefined;
  const term = search.trim();
  return useQuery({
    queryKey: [...opportunitiesKey(workspaceId), 'selector', { term, ownerId }],
    queryFn: ({ signal }) =>
      http.get<Page<OpportunityListItem>>(`/workspaces/${workspaceId}/opportunities`, {
        signal,
        query: {
          search: term || undefined,
          user_id: ownerId,
          sort: '-updated_at',
          limit: OPPORTUNITY_SELECTOR_PAGE_SIZE,
          offset: 0,
        },
      }),
    enabled: enabled && workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
