import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, SendMessageBody } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { messagesKey } from './chat-keys.ts';

export type OutgoingMessage = SendMessageBody['message_object'];

/** POST /dialogs/{did}/messages: one text, or one file (one call per file, CHAT-033). */
export function useSendMessageMutation(dialogId: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (message: OutgoingMessage) =>
      http.post<ChatMessage>(`/workspaces/${workspaceId}/dialogs/${dialogId}/messages`, {
        dialog_id: dialogId,
        message_object: { timestamp: Date.now(), ...message },
      } satisfies SendMessageBody),
    // Not awaited: the send is done once the server took the message, however long the room's refresh takes.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: messagesKey(workspaceId, dialogId) });
    },
  });
}
