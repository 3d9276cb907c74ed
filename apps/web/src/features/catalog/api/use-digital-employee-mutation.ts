import { useMutation, useQueryClient } from '@tanstack/react-query';
import { digitalEmployeesKey } from './use-digital-employees-query.ts';

/** A write to the workspace's digital employees; it refreshes their list and the chat's bots. */
export function useDigitalEmployeeMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/digital-employees`, variables),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: digitalEmployeesKey(workspaceId) });
      await queryClient.invalidateQueries({ queryKey: [workspaceId, 'bots'] });
    },
  });
}
