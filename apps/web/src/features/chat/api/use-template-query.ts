import { useQuery } from '@tanstack/react-query';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { templatesKey } from './chat-keys.ts';

/** GET /bots/{bid}/meta-templates/{name}: one template with its components (CHAT-072). */
export function useTemplateQuery(botId: number | null, name: string | null) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...templatesKey(workspaceId, botId ?? 0), name],
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: MessageTemplate }>(
          `/workspaces/${workspaceId}/bots/${botId}/meta-templates/${encodeURIComponent(name ?? '')}`,
          { signal },
        )
      ).data,
    enabled: workspaceId !== null && botId !== null && Boolean(name),
  });
}
