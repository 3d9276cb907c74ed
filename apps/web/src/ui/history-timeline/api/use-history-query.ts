import { useQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE } from '@vendaval/core/constants';
import type { HistoryEntry } from '@vendaval/core/schemas/history';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { historyKey } from '../../../lib/opportunity-keys.ts';
import { useSession } from '../../../lib/session.ts';

export type HistorySubject = {
  from: 'opportunity' | 'contact' | 'user';
  opportunityId?: number | undefined;
  contactId?: number | undefined;
  userId?: number | undefined;
};

/** The newest 100 entries (offset 0, no further paging: opportunities.md §9); a contact's come from its logs. */
export function useHistoryQuery({ from, opportunityId, contactId, userId }: HistorySubject) {
  const { workspaceId } = useSession();
  const byContact = from === 'contact';
  const page = { limit: HISTORY_PAGE_SIZE, offset: 0 };
  const subject = byContact ? contactId : (opportunityId ?? userId);
  return useQuery({
    queryKey: [...historyKey(workspaceId), { opportunityId, contactId, userId, from }],
    queryFn: ({ signal }) =>
      byContact
        ? http.get<Page<HistoryEntry>>(`/workspaces/${workspaceId}/contacts/${contactId}/logs`, {
            signal,
            query: page,
          })
        : http.get<Page<HistoryEntry>>(`/workspaces/${workspaceId}/opportunities/history`, {
            signal,
            query: { opportunity_id: opportunityId, user_id: userId, ...page },
          }),
    enabled: workspaceId !== null && subject !== undefined,
    select: (answer) => answer.data,
  });
}
