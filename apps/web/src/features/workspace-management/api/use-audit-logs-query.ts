import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { LogEntry } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';
import { logsKey } from './keys.ts';

export type AuditKind = 'logs' | 'user-logs';
type Page = { data: LogEntry[]; pagination: { total_count: number; limit: number; offset: number } };

/** One page of the workspace's logs (about itself) or user logs (about its people), newest first. */
export function useAuditLogsQuery(workspaceId: number | null, kind: AuditKind, page: number) {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return useQuery({
    queryKey: [...logsKey(workspaceId ?? 0), kind, offset],
    queryFn: ({ signal }) =>
      http.get<Page>(`/workspaces/${workspaceId}/${kind}`, {
        signal,
        query: { limit: ADMIN_PAGE_SIZE, offset },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
