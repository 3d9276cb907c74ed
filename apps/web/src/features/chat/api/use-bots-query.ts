import { useQuery } from '@tanstack/react-query';
import type { Bot } from '@vendaval/core/schemas/bots';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { botsKey } from './chat-keys.ts';

/** GET /bots: the workspace's active bots. */
export function useBotsQuery(enabled = true) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: botsKey(workspaceId),
    queryFn: async ({ signal }) =>
      (await http.get<{ data: Bot[] }>(`/workspaces/${workspaceId}/bots`, { signal })).data,
    enabled: workspaceId !== null && enabled,
  });
}
