import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dialog, OpenDialogBody } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateRoom } from './invalidate-room.ts';

/** POST /dialogs: a new room with a first message or a template (CHAT-046, CHAT-047). */
export function useOpenDialogMutation(opportunityId: number) {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: async (body: Omit<OpenDialogBody, 'opportunity_id'>) =>
      (
        await http.post<{ data: Dialog }>(`/workspaces/${workspaceId}/dialogs`, {
          ...body,
          opportunity_id: opportunityId,
        })
      ).data,
    onSuccess: () => invalidateRoom(queryClient, workspaceId, opportunityId),
  });
}
