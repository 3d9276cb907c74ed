import { useQuery } from '@tanstack/react-query';
import type { Member } from '@vendaval/core/schemas/users';
import { http } from '../../../lib/http.ts';
import { membersKey } from './keys.ts';

const LIMIT = 500;

export function useWorkspaceMembersQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: [...membersKey(workspaceId ?? 0), 'management'],
    queryFn: ({ signal }) =>
      http.get<{ data: Member[]; pagination: { total_count: number } }>(`/workspaces/${workspaceId}/users`, {
        signal,
        query: { limit: LIMIT },
      }),
    enabled: workspaceId !== null,
  });
}
