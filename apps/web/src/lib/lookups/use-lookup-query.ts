import { useQuery } from '@tanstack/react-query';
import { LIST_LIMIT } from '@vendaval/core/constants';
import { http, type Query } from '../http.ts';
import { useSession } from '../session.ts';

export type Page<T> = { data: T[]; pagination: { total_count: number; limit: number; offset: number } };

/** Offset of the next page of an infinite list, while the list has more rows than it loaded. */
export function nextOffset(last: Page<unknown>): number | undefined {
  const next = last.pagination.offset + last.data.length;
  return last.data.length > 0 && next < last.pagination.total_count ? next : undefined;
}

/** Every lookup of a workspace starts with this key; admin edits of a list invalidate [workspaceId, 'lookups', path]. */
export const lookupKey = (workspaceId: number | null, path: string) =>
  [workspaceId, 'lookups', path] as const;

/**
 * A workspace list fetched once (limit 500) and kept while the session lasts: stages, tags, lost reasons,
 * campaigns, medias, products, action and interaction types, opportunity types, people at work.
 */
export function useLookupQuery<T>(path: string, query: Query = {}) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...lookupKey(workspaceId, path), query],
    queryFn: ({ signal }) =>
      http.get<Page<T>>(`/workspaces/${workspaceId}/${path}`, {
        signal,
        query: { limit: LIST_LIMIT, ...query },
      }),
    enabled: workspaceId !== null,
    staleTime: 5 * 60_000,
    select: (page) => page.data,
  });
}
