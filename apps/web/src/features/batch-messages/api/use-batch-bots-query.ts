import { useQuery } from '@tanstack/react-query';
import type { Bot } from '@vendaval/core/schemas/bots';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** The workspace's bots a batch can go through. */
export function useBatchBotsQuery() {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [workspaceId, 'bots', 'batch'],
    queryFn: ({ signal }) => http.get<{ data: Bot[] }>(`/workspaces/${workspaceId}/bots`, { signal }),
    enabled: workspaceId !== null,
    select: (page) => page.data,
  });
}
