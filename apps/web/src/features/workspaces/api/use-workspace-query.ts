import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';

export function useWorkspaceQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: [workspaceId, 'workspace'],
    queryFn: ({ signal }) => http.get<Workspace>(`/workspaces/${workspaceId}`, { signal }),
    enabled: workspaceId !== null,
  });
}
