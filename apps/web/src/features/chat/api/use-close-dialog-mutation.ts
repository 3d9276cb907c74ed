import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dialog } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateRoom } from './invalidate-room.ts';

/** POST /dialogs/{did}/close, from the card header (opportunities.md §2.7). */
export function useCloseDialogMutation(opportunityId: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: (dialogId: number) =>
      http.post<{ data: Dialog }>(`/workspaces/${workspaceId}/dialogs/${dialogId}/close`, {}),
    onSuccess: (_answer, dialogId) => invalidateRoom(queryClient, workspaceId, opportunityId, dialogId),
  });
}
