import { useQuery } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE, CHAT_POLL_INTERVAL_MS } from '@vendaval/core/constants';
import type { ChatMessagePage } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { messagesKey } from './chat-keys.ts';

export function fetchMessages(
  workspaceId: number | null,
  dialogId: number,
  offset: number,
  signal: AbortSignal,
) {
  return http.get<ChatMessagePage>(`/workspaces/${workspaceId}/dialogs/${dialogId}/messages`, {
    query: { limit: CHAT_PAGE_SIZE, offset },
    signal,
  });
}

/**
 * The newest page of a room (offset 0). While the room is open it is asked again every 5 s; the poll stops
 * when the room closes or the chat unmounts (CHAT-093, CHAT-094).
 */
export function useMessagesHeadQuery(dialogId: number, polling: boolean) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...messagesKey(workspaceId, dialogId), 'head'],
    queryFn: ({ signal }) => fetchMessages(workspaceId, dialogId, 0, signal),
    enabled: workspaceId !== null,
    refetchInterval: polling ? CHAT_POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
  });
}
