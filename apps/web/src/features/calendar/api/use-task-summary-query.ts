import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskSummary } from '@vendaval/core/schemas/tasks';
import { http, type Query } from '../../../lib/http.ts';
import { taskSummaryKey } from './tasks-query-keys.ts';

/** Open, overdue and completed-today counts under the agenda's filters (GET /tasks/summary). */
export function useTaskSummaryQuery(workspaceId: number, query: Query) {
  return useQuery({
    queryKey: taskSummaryKey(workspaceId, query),
    queryFn: ({ signal }) =>
      http.get<TaskSummary>(`/workspaces/${workspaceId}/tasks/summary`, { signal, query }),
    placeholderData: keepPreviousData,
  });
}
