import { useQuery } from '@tanstack/react-query';
import type { WebhookLog } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import type { WebhooksTarget } from './webhooks-target.ts';

const LOG_PAGE_SIZE = 50;
const REFRESH_MS = 5000;

/** The latest delivery attempts of one webhook, refreshed while the log is open (retries land later). */
export function useWebhookLogsQuery(target: WebhooksTarget, webhookId: number | null) {
  return useQuery({
    queryKey: [...target.key, webhookId, 'logs'],
    queryFn: ({ signal }) =>
      http.get<Page<WebhookLog>>(`${target.base}/${webhookId}/logs`, {
        signal,
        query: { limit: LOG_PAGE_SIZE },
      }),
    enabled: webhookId !== null,
    refetchInterval: REFRESH_MS,
  });
}
