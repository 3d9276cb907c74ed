import { useInfiniteQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_SIZE } from '@vendaval/core/constants';
import type { Product } from '@vendaval/core/schemas/catalog';
import { http } from '../../lib/http.ts';
import type { Page } from '../../lib/lookups/use-lookup-query.ts';
import { lookupKey } from '../../lib/lookups/use-lookup-query.ts';
import { useSession } from '../../lib/session.ts';

/** Products 100 at a time, searched by name; the next page while the total exceeds what is loaded. */
export function useProductsPageQuery(search: string, enabled: boolean) {
  const { workspaceId } = useSession();
  return useInfiniteQuery({
    queryKey: [...lookupKey(workspaceId, 'products'), 'pages', search],
    queryFn: ({ signal, pageParam }) =>
      http.get<Page<Product>>(`/workspaces/${workspaceId}/products`, {
        signal,
        query: { limit: PRODUCT_PAGE_SIZE, offset: pageParam, search: search || undefined },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.pagination.offset + PRODUCT_PAGE_SIZE;
      return last.pagination.total_count > next ? next : undefined;
    },
    enabled: enabled && workspaceId !== null,
    // The spec leaves a failed product list without a message.
    meta: { errorToast: false },
  });
}
