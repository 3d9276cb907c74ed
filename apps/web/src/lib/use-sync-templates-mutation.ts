import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { http } from './http.ts';

/** Fetches the bot's templates from its WhatsApp Business account and keeps exactly those. */
export function useSyncTemplatesMutation(workspaceId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botId: number) =>
      http.put<{ data: MessageTemplate[] }>(`/workspaces/${workspaceId}/bots/${botId}/meta-templates`),
    onSettled: (_data, _error, botId) =>
      queryClient.invalidateQueries({ queryKey: [workspaceId, 'bots', botId, 'meta-templates'] }),
  });
}
