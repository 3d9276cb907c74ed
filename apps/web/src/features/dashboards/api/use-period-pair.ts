import type { Query } from '../../../lib/http.ts';
import { type DashboardFilter, dashboardQuery, previousPeriod } from '../dashboard-filter.ts';
import { useDashboardQuery } from './use-dashboard-query.ts';

/** An endpoint over the chosen period and over as many days before it, for the comparison. */
export function usePeriodPair<T>(
  workspaceId: number,
  path: string,
  filter: DashboardFilter,
  extra: Query = {},
) {
  const current = useDashboardQuery<T>(workspaceId, path, { ...dashboardQuery(filter), ...extra });
  const previous = useDashboardQuery<T>(workspaceId, path, {
    ...dashboardQuery(previousPeriod(filter)),
    ...extra,
  });
  return { current, previous: previous.data };
}
