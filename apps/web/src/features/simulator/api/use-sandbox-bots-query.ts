import { useQuery } from '@tanstack/react-query';
import type { Bot } from '@vendaval/core/schemas/bots';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** The workspace's sandbox bots: the only ones a simulated phone can write to. */
export function useSandboxBotsQuery() {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [workspaceId, 'bots'],
    queryFn: ({ signal }) => http.get<{ data: Bot[] }>(`/workspaces/${workspaceId}/bots`, { signal }),
    enabled: workspaceId !== null,
    select: (page) => page.data.filter((bot) => bot.channel === 'sandbox'),
  });
}
