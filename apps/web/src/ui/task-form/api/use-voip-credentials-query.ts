import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

type MemberPhone = { voip_username: string | null };

/** Whether the signed-in member has VoIP credentials in the current workspace (their own member record). */
export function useHasVoipCredentialsQuery() {
  const { workspaceId, user } = useSession();
  return useQuery({
    queryKey: [workspaceId, 'voip-credentials', user?.id],
    queryFn: ({ signal }) =>
      http.get<MemberPhone>(`/workspaces/${workspaceId}/users/${user?.id}`, { signal }),
    enabled: workspaceId !== null && user !== null,
    staleTime: 5 * 60_000,
    select: (member) => Boolean(member.voip_username),
  });
}
