import { useQuery } from '@tanstack/react-query';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { templatesKey } from './chat-keys.ts';

/** GET /bots/{bid}/meta-templates: the templates of a bot's account (CHAT-071). */
export function useTemplatesQuery(botId: number | null) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: templatesKey(workspaceId, botId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: MessageTemplate[] }>(
          `/workspaces/${workspaceId}/bots/${botId}/meta-templates`,
          {
            signal,
          },
        )
      ).data,
    enabled: workspaceId !== null && botId !== null,
  });
}
