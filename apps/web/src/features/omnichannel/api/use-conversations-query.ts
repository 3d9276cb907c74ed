import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { dialogsKey } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session.ts';
import { type OmnichannelFilters, omnichannelQuery } from '../omnichannel-filters.ts';

export const OMNICHANNEL_PAGE_SIZE = 50;

/**
 * The omnichannel list (GET /dialogs). Its key starts with the dialogs key, so the event stream refreshes it
 * on every new message; a slow poll covers a stream that is down.
 */
export function useConversationsQuery(filters: OmnichannelFilters, search: string, limit: number) {
  const { workspaceId } = useSession();
  const query = omnichannelQuery(filters, search);
  return useQuery({
    queryKey: [...dialogsKey(workspaceId), 'list', query, limit],
    queryFn: ({ signal }) =>
      http.get<Page<Conversation>>(`/workspaces/${workspaceId}/dialogs`, {
        signal,
        query: { ...query, limit, offset: 0 },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
