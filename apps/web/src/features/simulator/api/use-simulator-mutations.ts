import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimulatorConversation, SimulatorSendBody } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { simulatorKey } from './simulator-keys.ts';

/** The simulated contact writes (text or one file); the answer is the phone's conversation after it. */
export function useSimulatorSendMutation() {
  const { workspaceId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulatorSendBody) =>
      http.post<SimulatorConversation>(`/workspaces/${workspaceId}/simulator/messages`, body),
    onSuccess: (page, body) => {
      client.setQueryData(simulatorKey(workspaceId, body.bot_id, body.phone_number), page);
    },
  });
}

/** The simulated contact has the conversation on screen: the attendant's messages become Read. */
export function useSimulatorReadMutation() {
  const { workspaceId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (line: { bot_id: number; phone_number: string }) =>
      http.post<SimulatorConversation>(`/workspaces/${workspaceId}/simulator/read`, line),
    onSuccess: (page, line) => {
      client.setQueryData(simulatorKey(workspaceId, line.bot_id, line.phone_number), page);
    },
  });
}
