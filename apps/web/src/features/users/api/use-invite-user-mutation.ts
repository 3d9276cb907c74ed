import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@vendaval/core/schemas/auth';
import { http } from '../../../lib/http.ts';
import { membersKey } from './use-members-query.ts';
import { userLogsKey } from './use-user-logs-query.ts';

export type InviteInput = { email: string; role: string };

export function useInviteUserMutation(workspaceId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) =>
      http.post<Invitation>(`/workspaces/${workspaceId}/user-invitations`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: userLogsKey(workspaceId) }),
      ]),
  });
}
