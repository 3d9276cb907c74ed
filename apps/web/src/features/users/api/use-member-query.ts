import { useQuery } from '@tanstack/react-query';
import type { Member } from '@vendaval/core/schemas/users';
import { http } from '../../../lib/http.ts';
import { membersKey } from './use-members-query.ts';

/** One member, fresh from the server; the row it was opened from shows until it answers. */
export function useMemberQuery(workspaceId: number | null, member: Member | null) {
  return useQuery({
    queryKey: [...membersKey(workspaceId), 'detail', member?.id],
    queryFn: ({ signal }) => http.get<Member>(`/workspaces/${workspaceId}/users/${member?.id}`, { signal }),
    enabled: workspaceId !== null && member !== null,
    placeholderData: member ?? undefined,
  });
}
