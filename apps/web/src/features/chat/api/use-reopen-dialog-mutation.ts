import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dialog } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateRoom } from './invalidate-room.ts';

/** POST /dialogs/{did}/open: reopen a closed room (CHAT-048). Failures are the caller's to show. */
export function useReopenDialogMutation(opportunityId: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (dialogId: number) =>
      http.post<{ data: Dialog }>(`/workspaces/${workspaceId}/dialogs/${dialogId}/open`, {
        dialog_id: dialogId,
        opportunity_id: opportunityId,
      }),
    onSuccess: (_answer, dialogId) => invalidateRoom(queryClient, workspaceId, opportunityId, dialogId),
  });
}
