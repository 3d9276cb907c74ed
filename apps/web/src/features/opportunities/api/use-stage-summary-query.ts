import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StageSummary } from '@vendaval/core/schemas/opportunities';
import { http, type Query } from '../../../lib/http.ts';
import { opportunitiesKey } from '../../../lib/opportunity-keys.ts';

export const stageSummaryKey = (workspaceId: number, filters: Query) =>
  [...opportunitiesKey(workspaceId), 'summary', filters] as const;

export type StageTotals = { count: number; total_price: number };

/** Count and BRL total of each stage under the board's filters, by stage id. */
export function useStageSummaryQuery(workspaceId: number, filters: Query) {
  return useQuery({
    queryKey: stageSummaryKey(workspaceId, filters),
    queryFn: ({ signal }) =>
      http.get<StageSummary>(`/workspaces/${workspaceId}/opportunities/summary`, { signal, query: filters }),
    placeholderData: keepPreviousData,
    select: (summary) =>
      new Map<number, StageTotals>(
        summary.data.map((s) => [s.sales_stage_id, { count: s.count, total_price: s.total_price }]),
      ),
  });
}
