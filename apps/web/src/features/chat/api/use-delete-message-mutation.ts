import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { messagesKey } from './chat-keys.ts';

/** DELETE /dialogs/{did}/messages/{remoteId}: deleted for everyone (CHAT-091). */
export function useDeleteMessageMutation(dialogId: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (remoteId: string) =>
      http.delete<unknown>(
        `/workspaces/${workspaceId}/dialogs/${dialogId}/messages/${encodeURIComponent(remoteId)}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey(workspaceId, dialogId) }),
  });
}
