import { useQuery } from '@tanstack/react-query';
import type { Dialog } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { dialogKey } from './chat-keys.ts';

/** GET /dialogs/{did}: the room with its attendant, channel and unread count. */
export function useDialogQuery(dialogId: number | null) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: dialogKey(workspaceId, dialogId ?? 0),
    queryFn: async ({ signal }) =>
      (await http.get<{ data: Dialog }>(`/workspaces/${workspaceId}/dialogs/${dialogId}`, { signal })).data,
    enabled: workspaceId !== null && dialogId !== null,
  });
}
