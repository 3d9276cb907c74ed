import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIST_LIMIT } from '@vendaval/core/constants';
import type { Task } from '@vendaval/core/schemas/tasks';
import { http, type Query } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { calendarTasksKey } from './tasks-query-keys.ts';

/** The visible range of the calendar, as wall-clock days: `end` is the view's last day. */
export type VisibleRange = { start: string; end: string };

/** The tasks of the visible range only (one index-backed page of up to 500), by time. */
export function useCalendarTasksQuery(workspaceId: number, conditions: Query, range: VisibleRange | null) {
  const query: Query = {
    ...conditions,
    start_timestamp: range?.start,
    end_timestamp: range?.end,
    sort: 'start_timestamp',
    limit: LIST_LIMIT,
  };
  return useQuery({
    queryKey: calendarTasksKey(workspaceId, query),
    queryFn: ({ signal }) => http.get<Page<Task>>(`/workspaces/${workspaceId}/tasks`, { signal, query }),
    enabled: range !== null,
    // Moving to the next month keeps the tasks on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
