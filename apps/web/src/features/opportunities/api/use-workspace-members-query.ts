import { useQuery } from '@tanstack/react-query';
import { ACTIVE_OPERATIONAL_STATUS, USER_PICKER_PAGE_SIZE } from '@vendaval/core/constants';
import type { Member } from '@vendaval/core/schemas/users';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

/** People at work in another workspace (the transfer's specific user): 100, searched by name. */
export function useWorkspaceMembersQuery(workspaceId: number | null, search: string) {
  return useQuery({
    queryKey: [workspaceId, 'users', 'transfer', search],
    queryFn: ({ signal }) =>
      http.get<Page<Member>>(`/workspaces/${workspaceId}/users`, {
        signal,
        query: {
          limit: USER_PICKER_PAGE_SIZE,
          operational_status: ACTIVE_OPERATIONAL_STATUS,
          search: search || undefined,
        },
      }),
    enabled: workspaceId !== null,
    select: (page) => page.data,
  });
}
