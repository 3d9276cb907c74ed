import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { Member } from '@vendaval/core/schemas/users';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export type MembersFilter = { search: string; role: string | null; page: number };

/** Every query about the members of a workspace starts with this key; mutations invalidate it. */
export const membersKey = (workspaceId: number | null) => [workspaceId, 'users'] as const;

export function useMembersQuery(workspaceId: number | null, filter: MembersFilter) {
  const search = filter.search.trim();
  const offset = (filter.page - 1) * ADMIN_PAGE_SIZE;
  return useQuery({
    queryKey: [...membersKey(workspaceId), 'list', { search, role: filter.role, offset }],
    queryFn: ({ signal }) =>
      http.get<Page<Member>>(`/workspaces/${workspaceId}/users`, {
        signal,
        query: { search: search || undefined, role: filter.role, limit: ADMIN_PAGE_SIZE, offset },
      }),
    enabled: workspaceId !== null,
    // The table keeps showing the last page while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });
}
