import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import { http } from '../../../lib/http.ts';
import { lookupKey, type Page } from '../../../lib/lookups/use-lookup-query.ts';

export type ListRow = { id: number } & Record<string, unknown>;

/**
 * One page (50 rows) of an admin list, searched by name. Its key starts like the list's lookup, so saving
 * the list refreshes both this table and the selects that read the lookup (card forms, lost modal).
 */
export function useAdminListQuery(workspaceId: number | null, path: string, search: string, page: number) {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  const text = search.trim();
  return useQuery({
    queryKey: [...lookupKey(workspaceId, path), 'admin', { search: text, offset }],
    queryFn: ({ signal }) =>
      http.get<Page<ListRow>>(`/workspaces/${workspaceId}/${path}`, {
        signal,
        query: { search: text || undefined, limit: ADMIN_PAGE_SIZE, offset },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
