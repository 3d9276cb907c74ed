import { useQuery } from '@tanstack/react-query';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { cardRoomsKey } from './chat-keys.ts';

/**
 * GET /opportunities/{id}?show_old_chats=true: every room of the card, newest first. The card itself carries
 * only its newest room; this is asked once the user has read that room to its start (CHAT-007).
 */
export function useCardRoomsQuery(opportunityId: number, enabled: boolean) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: cardRoomsKey(workspaceId, opportunityId),
    queryFn: async ({ signal }) =>
      (
        await http.get<Opportunity>(`/workspaces/${workspaceId}/opportunities/${opportunityId}`, {
          query: { show_old_chats: true },
          signal,
        })
      ).dialogs,
    enabled: workspaceId !== null && enabled,
  });
}
