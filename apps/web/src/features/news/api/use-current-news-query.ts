import { useQuery } from '@tanstack/react-query';
import type { NewsWarning } from '@vendaval/core/schemas/news';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

export const currentNewsKey = ['news', 'current'] as const;

/** The platform's warnings that have not expired, read once per session of the app. */
export function useCurrentNewsQuery() {
  const { token } = useSession();
  return useQuery({
    queryKey: currentNewsKey,
    queryFn: ({ signal }) => http.get<{ data: NewsWarning[] }>('/news', { signal }),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
