import { useQuery } from '@tanstack/react-query';
import type { Automation } from '@vendaval/core/schemas/automations';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export const automationsKey = (workspaceId: number | null) => [workspaceId, 'automations'] as const;

/**
 * The workspace's automations with their live version, whether the draft has changes not yet published, and how
 * many runs each started: runs start on the server at any time, so the list is read again whenever it is shown.
 */
export function useAutomationsQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: [...automationsKey(workspaceId), 'list'],
    queryFn: ({ signal }) =>
      http.get<Page<Automation>>(`/workspaces/${workspaceId}/automations`, { signal, query: { limit: 500 } }),
    enabled: workspaceId !== null,
    refetchOnMount: 'always',
  });
}

/** One automation with its draft. */
export function useAutomationQuery(workspaceId: number | null, id: number | null) {
  return useQuery({
    queryKey: [...automationsKey(workspaceId), id],
    queryFn: ({ signal }) => http.get<Automation>(`/workspaces/${workspaceId}/automations/${id}`, { signal }),
    enabled: workspaceId !== null && id !== null,
  });
}
