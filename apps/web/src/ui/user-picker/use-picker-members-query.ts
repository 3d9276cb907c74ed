import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACTIVE_OPERATIONAL_STATUS, USER_PICKER_PAGE_SIZE } from '@vendaval/core/constants';
import type { Member } from '@vendaval/core/schemas/users';
import { http } from '../../lib/http.ts';
import type { Page } from '../../lib/lookups/use-lookup-query.ts';

/** Members at work of a workspace, 100 at a time, optionally of one role. */
export function usePickerMembersQuery(workspaceId: number | null, filter: { search: string; role?: string }) {
  return useQuery({
    queryKey: [workspaceId, 'users', 'picker', filter],
    queryFn: ({ signal }) =>
      http.get<Page<Member>>(`/workspaces/${workspaceId}/users`, {
        signal,
        query: {
          limit: USER_PICKER_PAGE_SIZE,
          operational_status: ACTIVE_OPERATIONAL_STATUS,
          search: filter.search || undefined,
          role: filter.role,
        },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
    select: (page) => page.data,
  });
}
