import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BatchAudienceCount } from '@vendaval/core/schemas/batch-messages';
import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { batchMessagesKey } from './batch-messages-keys.ts';

export type AudienceFilter = Partial<OpportunityFilter>;

/** POST /batch-messages/audience: how many phones the filter reaches, shown before the batch is confirmed. */
export function useAudienceCountQuery(filter: AudienceFilter) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...batchMessagesKey(workspaceId), 'audience', filter],
    queryFn: ({ signal }) =>
      http.post<BatchAudienceCount>(
        `/workspaces/${workspaceId}/batch-messages/audience`,
        { filter },
        { signal },
      ),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
    select: (answer) => answer.recipients,
  });
}
