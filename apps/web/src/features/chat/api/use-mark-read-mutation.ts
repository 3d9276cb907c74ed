import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { opportunitiesKey } from '../../../lib/opportunity-keys.ts';
import { useSession } from '../../../lib/session.ts';
import { dialogKey } from './chat-keys.ts';

/** POST /dialogs/{did}/read: the attendant has seen the room's messages. */
export function useMarkReadMutation(dialogId: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () => http.post<unknown>(`/workspaces/${workspaceId}/dialogs/${dialogId}/read`, {}),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dialogKey(workspaceId, dialogId), exact: true }),
        // Unread badges live on the cards and conversation lists.
        queryClient.invalidateQueries({ queryKey: opportunitiesKey(workspaceId) }),
      ]),
  });
}
