import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { ApiClient } from '@vendaval/core/schemas/api-clients';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export const apiClientsKey = (workspaceId: number | null) => [workspaceId, 'api-clients'] as const;

/** One page of the workspace's integrations, newest first; their secrets are never part of it. */
export function useApiClientsQuery(workspaceId: number | null, page: number) {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return useQuery({
    queryKey: [...apiClientsKey(workspaceId), { offset }],
    queryFn: ({ signal }) =>
      http.get<Page<ApiClient>>(`/workspaces/${workspaceId}/api-clients`, {
        signal,
        query: { limit: ADMIN_PAGE_SIZE, offset },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
