import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, type Query } from '../../../lib/http.ts';
import { dashboardsKey } from '../../../lib/opportunity-keys.ts';

/** One dashboard endpoint of the workspace (platform.md §7 "Dashboards") under the screen's filter. */
export function useDashboardQuery<T>(workspaceId: number, path: string, query: Query) {
  return useQuery({
    queryKey: [...dashboardsKey(workspaceId), path, query],
    queryFn: ({ signal }) => http.get<T>(`/workspaces/${workspaceId}/${path}`, { signal, query }),
    placeholderData: keepPreviousData,
  });
}
