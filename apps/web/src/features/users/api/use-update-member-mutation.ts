import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperationalStatus } from '@vendaval/core/constants';
import type { Member } from '@vendaval/core/schemas/users';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { membersKey } from './use-members-query.ts';
import { userLogsKey } from './use-user-logs-query.ts';

export type MemberUpdate = {
  role?: string;
  operational_status?: OperationalStatus;
  manager_id?: number | null;
};

export function useUpdateMemberMutation(workspaceId: number | null) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: ({ userId, patch }: { userId: number; patch: MemberUpdate }) =>
      http.put<Member>(`/workspaces/${workspaceId}/users/${userId}`, patch),
    onSuccess: (_member, { userId, patch }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: userLogsKey(workspaceId) }),
        // One's own new role changes what the app shows; the workspace list brings it into the session.
        patch.role !== undefined && userId === user?.id
          ? queryClient.invalidateQueries({ queryKey: ['self', 'workspaces'] })
          : undefined,
      ]),
  });
}
