import { useQuery } from '@tanstack/react-query';
import { LIST_LIMIT } from '@vendaval/core/constants';
import type { QuickAnswer } from '@vendaval/core/schemas/catalog';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { quickAnswersKey } from './chat-keys.ts';

/** GET /quick-answers?limit=500: the workspace's canned replies (CHAT-056). */
export function useQuickAnswersQuery(enabled = true) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: quickAnswersKey(workspaceId),
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: QuickAnswer[] }>(`/workspaces/${workspaceId}/quick-answers`, {
          query: { limit: LIST_LIMIT },
          signal,
        })
      ).data,
    enabled: workspaceId !== null && enabled,
    staleTime: 60_000,
  });
}
