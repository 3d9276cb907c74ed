import { useQuery } from '@tanstack/react-query';
import type { Member } from '@vendaval/core/schemas/users';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { membersKey } from './use-members-query.ts';

const TEAM_LIMIT = 500;

/** Every member of the workspace (up to the list limit): the choices of the manager field and their names. */
export function useTeamQuery(workspaceId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...membersKey(workspaceId), 'team'],
    queryFn: ({ signal }) =>
      http.get<Page<Member>>(`/workspaces/${workspaceId}/users`, { signal, query: { limit: TEAM_LIMIT } }),
    enabled: enabled && workspaceId !== null,
    select: (page) => page.data,
  });
}
