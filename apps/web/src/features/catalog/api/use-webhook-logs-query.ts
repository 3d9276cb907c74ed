import { useQuery } from '@tanstack/react-query';
import type { WebhookLog } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { webhooksKey } from './use-webhooks-query.ts';

const LOG_PAGE_SIZE = 50;
const REFRESH_MS = 5000;

/** The latest delivery attempts of one webhook, refreshed while the log is open (retries land later). */
export function useWebhookLogsQuery(workspaceId: number | null, webhookId: number | null) {
  return useQuery({
    queryKey: [...webhooksKey(workspaceId), webhookId, 'logs'],
    queryFn: ({ signal }) =>
      http.get<Page<WebhookLog>>(`/workspaces/${workspaceId}/webhooks/${webhookId}/logs`, {
        signal,
        query: { limit: LOG_PAGE_SIZE },
      }),
    enabled: workspaceId !== null && webhookId !== null,
    refetchInterval: REFRESH_MS,
  });
}
