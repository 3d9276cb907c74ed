import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { Webhook } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export const webhooksKey = (workspaceId: number | null) => [workspaceId, 'webhooks'] as const;

/** One page of the workspace's webhooks, newest first. */
export function useWebhooksQuery(workspaceId: number | null, page: number) {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return useQuery({
    queryKey: [...webhooksKey(workspaceId), { offset }],
    queryFn: ({ signal }) =>
      http.get<Page<Webhook>>(`/workspaces/${workspaceId}/webhooks`, {
        signal,
        query: { limit: ADMIN_PAGE_SIZE, offset },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
