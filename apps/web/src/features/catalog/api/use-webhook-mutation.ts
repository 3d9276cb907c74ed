import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhooksKey } from './use-webhooks-query.ts';

/** A write to the workspace's webhooks; it refreshes their list. */
export function useWebhookMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/webhooks`, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey(workspaceId) }),
  });
}
