import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@vendaval/core/schemas/users';
import { http } from '../../../lib/http.ts';
import { logsKey, membersKey } from './keys.ts';

type Lookup = { id: number; name: string; is_member: boolean };

function useInvalidateMembers(workspaceId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: logsKey(workspaceId) }),
    ]);
}

/** Finds a person of the platform by e-mail or username, then adds them with the role chosen. */
export function useAddMemberMutation(workspaceId: number) {
  const onSuccess = useInvalidateMembers(workspaceId);
  return useMutation({
    mutationFn: async ({ login, role }: { login: string; role: string }) => {
      const person = await http.post<Lookup>(`/workspaces/${workspaceId}/users/find-one-by-username`, {
        username: login,
      });
      return http.post<Member>(`/workspaces/${workspaceId}/users`, { user_id: person.id, role });
    },
    onSuccess,
  });
}

export function useRemoveMemberMutation(workspaceId: number) {
  const onSuccess = useInvalidateMembers(workspaceId);
  return useMutation({
    mutationFn: (userId: number) =>
      http.delete<{ message: string }>(`/workspaces/${workspaceId}/users/${userId}`),
    onSuccess,
  });
}
