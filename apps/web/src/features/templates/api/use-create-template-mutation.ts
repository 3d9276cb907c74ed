import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import type { TemplateCreate } from '@vendaval/core/schemas/templates';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** POST /bots/{bid}/meta-templates: submits the template to Meta; it comes back pending review. */
export function useCreateTemplateMutation() {
  const { workspaceId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, template }: { botId: number; template: TemplateCreate }) =>
      http.post<MessageTemplate>(`/workspaces/${workspaceId}/bots/${botId}/meta-templates`, template),
    // The form shows the server's field errors itself.
    meta: { errorToast: false },
    onSuccess: (_template, { botId }) =>
      queryClient.invalidateQueries({ queryKey: [workspaceId, 'bots', botId, 'meta-templates'] }),
  });
}
