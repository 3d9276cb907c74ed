import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  PlanningDashboardMetric,
  PlanningDashboardSeries,
  PlanningDashboardSummary,
  PlanningSubmitted,
} from '@vendaval/core/schemas/planning';
import { http } from '../../../lib/http.ts';
import { planningsKey } from './planning-api.ts';

/** One planning dashboard of a unit's year; the last year's figures stay on screen while the next ones load. */
function usePlanningDashboardQuery<T>(unitId: number | null, path: string, year: number) {
  return useQuery({
    queryKey: [...planningsKey(unitId), 'dashboards', path, year],
    queryFn: ({ signal }) =>
      http.get<T>(`/workspaces/${unitId}/planning-dashboards/${path}`, { signal, query: { year } }),
    enabled: unitId !== null,
    placeholderData: keepPreviousData,
  });
}

export const usePlanningSummaryQuery = (unitId: number | null, year: number) =>
  usePlanningDashboardQuery<PlanningDashboardSummary>(unitId, 'summary', year);

export const usePlanningSeriesQuery = (
  unitId: number | null,
  metric: PlanningDashboardMetric,
  year: number,
) => usePlanningDashboardQuery<PlanningDashboardSeries>(unitId, metric, year);

/** The units the person works in, and which of them submitted the year's plan. */
export const usePlanningSubmittedQuery = (workspaceId: number | null, year: number) =>
  usePlanningDashboardQuery<PlanningSubmitted>(workspaceId, 'submitted', year);
