import { useQuery } from '@tanstack/react-query';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { botTemplatesKey } from './templates-keys.ts';

/** GET /bots/{bid}/meta-templates?all=true: approved, pending and rejected alike. */
export function useBotTemplatesQuery(botId: number) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: botTemplatesKey(workspaceId, botId),
    queryFn: ({ signal }) =>
      http.get<{ data: MessageTemplate[] }>(`/workspaces/${workspaceId}/bots/${botId}/meta-templates`, {
        query: { all: 'true' },
        signal,
      }),
    enabled: workspaceId !== null,
    select: (page) => page.data,
  });
}
