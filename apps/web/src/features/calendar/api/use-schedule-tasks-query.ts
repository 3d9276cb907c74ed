import { useQuery } from '@tanstack/react-query';
import { LIST_LIMIT } from '@vendaval/core/constants';
import type { ScheduleTask } from '@vendaval/core/schemas/schedule';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { usePlatform } from '../../../lib/platform.ts';
import type { VisibleRange } from './use-calendar-tasks-query.ts';

/**
 * The signed-in person's schedule tasks (routines and actions of the planning area) in the visible range. Under
 * [workspaceId, 'schedule'], the key the planning area's writes refresh, so applying a template shows here.
 * Brands without planning have no schedule: nothing is asked.
 */
export function useScheduleTasksQuery(
  workspaceId: number,
  userId: number | null,
  range: VisibleRange | null,
) {
  const planning = usePlatform().flags.planning;
  const query = {
    start_timestamp: range?.start,
    // The range's last day is whole: the bound is the next day.
    end_timestamp: range ? nextDay(range.end) : undefined,
    user_id: userId ?? undefined,
    limit: LIST_LIMIT,
  };
  return useQuery({
    queryKey: [workspaceId, 'schedule', 'calendar', query],
    queryFn: ({ signal }) =>
      http.get<Page<ScheduleTask>>(`/workspaces/${workspaceId}/schedule-tasks`, { signal, query }),
    enabled: Boolean(planning) && range !== null && userId !== null,
    select: (page) => page.data,
  });
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
