import { useQuery } from '@tanstack/react-query';
import type { AutomationVersion } from '@vendaval/core/schemas/automations';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { automationsKey } from './use-automations-query.ts';

/** An automation's published versions, newest first, the live one marked. */
export function useAutomationVersionsQuery(workspaceId: number | null, id: number) {
  return useQuery({
    queryKey: [...automationsKey(workspaceId), id, 'versions'],
    queryFn: ({ signal }) =>
      http.get<Page<AutomationVersion>>(`/workspaces/${workspaceId}/automations/${id}/versions`, { signal }),
    enabled: workspaceId !== null,
  });
}
