import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskDays } from '@vendaval/core/schemas/tasks';
import { http, type Query } from '../../../lib/http.ts';
import { taskDaysKey } from './tasks-query-keys.ts';
import type { VisibleRange } from './use-calendar-tasks-query.ts';

/** How many tasks each day of the visible range holds, under the calendar's filters (GET /tasks/days). */
export function useTaskDaysQuery(workspaceId: number, conditions: Query, range: VisibleRange | null) {
  const query: Query = { ...conditions, start_timestamp: range?.start, end_timestamp: range?.end };
  return useQuery({
    queryKey: taskDaysKey(workspaceId, query),
    queryFn: ({ signal }) => http.get<TaskDays>(`/workspaces/${workspaceId}/tasks/days`, { signal, query }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
