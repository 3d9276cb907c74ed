import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhooksTarget } from './webhooks-target.ts';

/** A write to the target's webhooks; it refreshes their list. */
export function useWebhookMutation<V, R>(
  target: WebhooksTarget,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(target.base, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: target.key }),
  });
}
