import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { Webhook } from '@vendaval/core/schemas/webhooks';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import type { WebhooksTarget } from './webhooks-target.ts';

/** One page of the target's webhooks, newest first. */
export function useWebhooksQuery(target: WebhooksTarget, page: number) {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return useQuery({
    queryKey: [...target.key, { offset }],
    queryFn: ({ signal }) =>
      http.get<Page<Webhook>>(target.base, { signal, query: { limit: ADMIN_PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  });
}
