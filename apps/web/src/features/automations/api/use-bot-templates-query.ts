import { useQuery } from '@tanstack/react-query';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** The templates a bot may send (approved ones on WhatsApp Business): what a "send a template" step picks from. */
export function useBotTemplatesQuery(botId: number | null) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [workspaceId, 'bots', botId, 'meta-templates', 'automation'],
    queryFn: ({ signal }) =>
      http.get<{ data: MessageTemplate[] }>(`/workspaces/${workspaceId}/bots/${botId}/meta-templates`, {
        signal,
      }),
    enabled: workspaceId !== null && botId !== null && botId > 0,
    select: (page) => page.data,
  });
}
