import { useQuery } from '@tanstack/react-query';
import { PLATFORM_QUERY_KEY } from '../../../lib/query-client.ts';
import { fetchRemoteConfig } from '../../../lib/remote-config.ts';

/** Loaded once before anything else; open tabs revalidate it on their own schedule (refreshRemoteConfig). */
export function usePlatformQuery() {
  return useQuery({
    queryKey: PLATFORM_QUERY_KEY,
    queryFn: ({ client, signal }) => fetchRemoteConfig(client, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Without a profile the app shows its own "could not load" screen; a failed revalidation keeps the one held.
    meta: { errorToast: false },
  });
}
