import { useQuery } from '@tanstack/react-query';
import type { SimulatorConversation } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { simulatorKey } from './simulator-keys.ts';

export const SIMULATOR_POLL_MS = 2000;

/** What the simulated phone shows; fetching it is the phone receiving (Delivered). Polled, and pushed by the stream. */
export function useSimulatorConversationQuery(botId: number | null, phone: string) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: simulatorKey(workspaceId, botId, phone),
    queryFn: ({ signal }) =>
      http.get<SimulatorConversation>(`/workspaces/${workspaceId}/simulator/conversations`, {
        signal,
        query: { bot_id: botId, phone_number: phone },
      }),
    enabled: workspaceId !== null && botId !== null && phone.length >= 10,
    refetchInterval: SIMULATOR_POLL_MS,
    select: (page) => page.data,
  });
}
