import { useQuery } from '@tanstack/react-query';
import { LEAD_IMPORT_POLL_MS, type LeadImport } from '@vendaval/core/schemas/lead-import';
import { http } from '../../../../lib/http.ts';

export const leadImportKey = (workspaceId: number | null, id: number | null) =>
  [workspaceId, 'lead-imports', id] as const;

const isOver = (status: LeadImport['status'] | undefined) => status === 'done' || status === 'failed';

/** The progress of an import, asked every second until its job is over. */
export function useLeadImportQuery(workspaceId: number | null, id: number | null) {
  return useQuery({
    queryKey: leadImportKey(workspaceId, id),
    queryFn: ({ signal }) =>
      http.get<LeadImport>(`/workspaces/${workspaceId}/opportunities/upload/${id}`, { signal }),
    enabled: workspaceId !== null && id !== null,
    refetchInterval: (query) => (isOver(query.state.data?.status) ? false : LEAD_IMPORT_POLL_MS),
    staleTime: 0,
  });
}
