import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AutomationRun } from '@vendaval/core/schemas/automations';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { automationsKey } from './use-automations-query.ts';

/** The marketing-automation filter: a period and which date of a run it applies to. */
export type AutomationLogFilter = {
  start_timestamp: string | null;
  end_timestamp: string | null;
  date_type: 'started_at' | 'finished_at';
};

/** An automation's runs in the period, newest first, each with its steps; refreshed while runs are under way. */
export function useAutomationLogsQuery(workspaceId: number | null, id: number, filter: AutomationLogFilter) {
  return useQuery({
    queryKey: [...automationsKey(workspaceId), id, 'logs', filter],
    queryFn: ({ signal }) =>
      http.get<Page<AutomationRun>>(`/workspaces/${workspaceId}/automations/${id}/logs`, {
        signal,
        query: {
          limit: 100,
          start_timestamp: filter.start_timestamp ?? undefined,
          end_timestamp: filter.end_timestamp ?? undefined,
          date_type: filter.date_type,
        },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((run) => run.status === 'running') ? 3_000 : 15_000,
  });
}
