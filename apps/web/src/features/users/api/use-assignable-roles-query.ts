import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

type RoleOption = { id: string; name: string };

/** The roles the signed-in user may give in this workspace (never API roles, never above their own). */
export function useAssignableRolesQuery(workspaceId: number | null, enabled = true) {
  return useQuery({
    queryKey: [workspaceId, 'roles'],
    queryFn: ({ signal }) =>
      http.get<{ data: RoleOption[] }>('/roles', { signal, query: { workspace_id: workspaceId } }),
    enabled: enabled && workspaceId !== null,
    staleTime: 5 * 60_000,
  });
}
