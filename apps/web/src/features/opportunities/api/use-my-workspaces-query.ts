import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { WORKSPACE_LIST_PAGE_SIZE } from '@vendaval/core/constants';
import type { Workspace } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

/** The caller's workspaces for the transfer list: 10 at a time, searched by name. */
export function useMyWorkspacesQuery(search: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['self', 'workspaces', 'transfer', search],
    queryFn: ({ signal, pageParam }) =>
      http.get<Page<Workspace>>('/users/self/workspaces', {
        signal,
        query: { limit: WORKSPACE_LIST_PAGE_SIZE, offset: pageParam, search: search || undefined },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return last.data.length > 0 && loaded < last.pagination.total_count ? loaded : undefined;
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
