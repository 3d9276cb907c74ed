import { useQuery } from '@tanstack/react-query';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** The approved templates of a bot: the only ones a batch may send. */
export function useBatchTemplatesQuery(botId: number | null) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [workspaceId, 'bots', botId, 'meta-templates', 'batch'],
    queryFn: ({ signal }) =>
      http.get<{ data: MessageTemplate[] }>(`/workspaces/${workspaceId}/bots/${botId}/meta-templates`, {
        signal,
      }),
    enabled: workspaceId !== null && botId !== null,
    select: (page) => page.data,
  });
}
