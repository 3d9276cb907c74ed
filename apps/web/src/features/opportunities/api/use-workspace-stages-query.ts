import { useQuery } from '@tanstack/react-query';
import { LIST_LIMIT } from '@vendaval/core/constants';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import { http } from '../../../lib/http.ts';
import { lookupKey, type Page } from '../../../lib/lookups/use-lookup-query.ts';

/** The stages of any of the caller's workspaces (the transfer target); shares the lookup cache. */
export function useWorkspaceStagesQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: [...lookupKey(workspaceId, 'sales-stages'), {}],
    queryFn: ({ signal }) =>
      http.get<Page<SalesStage>>(`/workspaces/${workspaceId}/sales-stages`, {
        signal,
        query: { limit: LIST_LIMIT },
      }),
    enabled: workspaceId !== null,
    staleTime: 5 * 60_000,
    select: (page) => page.data,
  });
}
