import { useInfiniteQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE } from '@vendaval/core/constants';
import type { LogEntry } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export const userLogsKey = (workspaceId: number | null) => [workspaceId, 'user-logs'] as const;

/** A member's history, newest first, a page at a time. Only admin and managing roles may read it. */
export function useUserLogsQuery(workspaceId: number | null, userId: number | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...userLogsKey(workspaceId), userId],
    queryFn: ({ signal, pageParam }) =>
      http.get<Page<LogEntry>>(`/workspaces/${workspaceId}/user-logs`, {
        signal,
        query: { user_id: userId, limit: HISTORY_PAGE_SIZE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: ({ pagination }) => {
      const next = pagination.offset + pagination.limit;
      return next < pagination.total_count ? next : undefined;
    },
    enabled: enabled && workspaceId !== null && userId !== null,
  });
}
