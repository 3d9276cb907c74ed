import { useQuery } from '@tanstack/react-query';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { templatesKey } from './chat-keys.ts';

export type TemplateRef = { name: string; language: string };

/** GET /bots/{bid}/meta-templates/{name}?language=: one template with its components (CHAT-072). */
export function useTemplateQuery(botId: number | null, ref: TemplateRef | null) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...templatesKey(workspaceId, botId ?? 0), ref?.name, ref?.language],
    queryFn: ({ signal }) =>
      http.get<MessageTemplate>(
        `/workspaces/${workspaceId}/bots/${botId}/meta-templates/${encodeURIComponent(ref?.name ?? '')}`,
        { query: { language: ref?.language }, signal },
      ),
    enabled: workspaceId !== null && botId !== null && ref !== null,
  });
}
