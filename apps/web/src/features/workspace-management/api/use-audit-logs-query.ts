import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { LogEntry } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';
import { usePlatform } from '../../../lib/platform.ts';
import { BRAND_LOGS_KEY, logsKey } from './keys.ts';

/** The workspace's own log, its people's log, or the platform's brand log. */
export type AuditKind = 'logs' | 'user-logs' | 'brand';
type Page = { data: LogEntry[]; pagination: { total_count: number; limit: number; offset: number } };

/** One page of the chosen log, newest first. */
export function useAuditLogsQuery(workspaceId: number | null, kind: AuditKind, page: number) {
  const platformId = usePlatform().id;
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  const brand = kind === 'brand';
  return useQuery({
    queryKey: brand ? [...BRAND_LOGS_KEY, offset] : [...logsKey(workspaceId ?? 0), kind, offset],
    queryFn: ({ signal }) =>
      http.get<Page>(brand ? `/platforms/${platformId}/logs` : `/workspaces/${workspaceId}/${kind}`, {
        signal,
        query: { limit: ADMIN_PAGE_SIZE, offset },
      }),
    enabled: brand || workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
