import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { membersKey } from './use-members-query.ts';
import { userLogsKey } from './use-user-logs-query.ts';

export function useRemoveMemberMutation(workspaceId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      http.delete<{ message: string }>(`/workspaces/${workspaceId}/users/${userId}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: userLogsKey(workspaceId) }),
      ]),
  });
}
