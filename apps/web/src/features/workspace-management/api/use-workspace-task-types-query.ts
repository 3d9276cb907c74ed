import { useQuery } from '@tanstack/react-query';
import type { TaskType } from '@vendaval/core/schemas/catalog';
import { http } from '../../../lib/http.ts';

/** The actions (task types) of a workspace being edited, which need not be the one the user works in. */
export function useWorkspaceTaskTypesQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: [workspaceId ?? 0, 'task-types', 'management'],
    queryFn: ({ signal }) =>
      http.get<{ data: TaskType[] }>(`/workspaces/${workspaceId}/task-types`, {
        signal,
        query: { limit: 500 },
      }),
    enabled: workspaceId !== null,
  });
}
