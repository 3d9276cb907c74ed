import { useQuery } from '@tanstack/react-query';
import type { Bot } from '@vendaval/core/schemas/bots';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** The workspace's sandbox bots: the only ones a simulated phone can write to. */
export function useSandboxBotsQuery() {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [workspaceId, 'bots'],
    // The same key and shape as the chat's bot list (GET /bots answers the list under `data`), so both share it.
    queryFn: async ({ signal }) =>
      (await http.get<{ data: Bot[] }>(`/workspaces/${workspaceId}/bots`, { signal })).data,
    enabled: workspaceId !== null,
    select: (bots) => bots.filter((bot) => bot.channel === 'sandbox'),
  });
}
