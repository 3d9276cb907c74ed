import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIST_LIMIT, MONTH_CELL_TASKS } from '@vendaval/core/constants';
import type { Task } from '@vendaval/core/schemas/tasks';
import { http, type Query } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { calendarTasksKey } from './tasks-query-keys.ts';

/** The visible range of the calendar, as wall-clock days (`end` is the view's last day), and its view. */
export type VisibleRange = { start: string; end: string; view: string };

/** A week's days share one page. */
const WEEK_TASKS_PER_DAY = Math.floor(LIST_LIMIT / 7);

/** How many tasks of each day a view asks for; the day view asks for its day in full. */
export function tasksPerDay(view: string): number | undefined {
  if (view === 'dayGridMonth') return MONTH_CELL_TASKS;
  return view === 'timeGridDay' ? undefined : WEEK_TASKS_PER_DAY;
}

/** The tasks of the visible range only (one index-backed page of up to 500), the earliest of each day. */
export function useCalendarTasksQuery(workspaceId: number, conditions: Query, range: VisibleRange | null) {
  const query: Query = {
    ...conditions,
    start_timestamp: range?.start,
    end_timestamp: range?.end,
    per_day: range ? tasksPerDay(range.view) : undefined,
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
