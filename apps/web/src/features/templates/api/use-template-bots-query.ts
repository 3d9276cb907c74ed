import { useQuery } from '@tanstack/react-query';
import type { Bot } from '@vendaval/core/schemas/bots';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { templateBotsKey } from './templates-keys.ts';

/** GET /bots: the workspace's active bots, each with its own templates. */
export function useTemplateBotsQuery() {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: templateBotsKey(workspaceId),
    queryFn: ({ signal }) => http.get<{ data: Bot[] }>(`/workspaces/${workspaceId}/bots`, { signal }),
    enabled: workspaceId !== null,
    select: (page) => page.data,
  });
}
