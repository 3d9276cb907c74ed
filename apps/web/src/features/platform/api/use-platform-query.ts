import { useQuery } from '@tanstack/react-query';
import type { Platform } from '@vendaval/core/schemas/platform';
import { http } from '../../../lib/http.ts';
import { PLATFORM_QUERY_KEY } from '../../../lib/query-client.ts';

export function usePlatformQuery() {
  return useQuery({
    queryKey: PLATFORM_QUERY_KEY,
    queryFn: ({ signal }) => http.get<Platform>('/platform', { signal, token: null }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
