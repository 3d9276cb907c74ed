import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lookupKey } from '../../../lib/lookups/use-lookup-query.ts';

/** A write to the pipeline; it refreshes the stages lookup, which the board reads for its columns. */
export function useStageMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/sales-stages`, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lookupKey(workspaceId, 'sales-stages') }),
  });
}
