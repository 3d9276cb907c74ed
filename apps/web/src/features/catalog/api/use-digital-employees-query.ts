import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { DigitalEmployee } from '@vendaval/core/schemas/bots';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export const digitalEmployeesKey = (workspaceId: number | null) =>
  [workspaceId, 'digital-employees'] as const;

/** One page of the workspace's digital employees (bots), by name, optionally searched. */
export function useDigitalEmployeesQuery(workspaceId: number | null, page: number, search: string) {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return useQuery({
    queryKey: [...digitalEmployeesKey(workspaceId), { offset, search }],
    queryFn: ({ signal }) =>
      http.get<Page<DigitalEmployee>>(`/workspaces/${workspaceId}/digital-employees`, {
        signal,
        query: { limit: ADMIN_PAGE_SIZE, offset, ...(search ? { search } : {}) },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
