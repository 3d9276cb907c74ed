import { useInfiniteQuery } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE } from '@vendaval/core/constants';
import { useSession } from '../../../lib/session.ts';
import { messagesKey } from './chat-keys.ts';
import { fetchMessages } from './use-messages-head-query.ts';

/** The pages after the newest one, fetched on demand as the user scrolls back. */
export function useOlderMessagesQuery(dialogId: number, enabled: boolean) {
  const { workspaceId } = useSession();
  return useInfiniteQuery({
    queryKey: [...messagesKey(workspaceId, dialogId), 'older'],
    queryFn: ({ pageParam, signal }) => fetchMessages(workspaceId, dialogId, pageParam, signal),
    initialPageParam: CHAT_PAGE_SIZE,
    getNextPageParam: (last, _all, offset) =>
      offset + CHAT_PAGE_SIZE < last.pagination.total_count ? offset + CHAT_PAGE_SIZE : undefined,
    enabled: workspaceId !== null && enabled,
  });
}
