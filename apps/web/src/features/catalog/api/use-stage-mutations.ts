import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SalesStage, SalesStageInput } from '@vendaval/core/schemas/catalog';
import { http } from '../../../lib/http.ts';
import { lookupKey } from '../../../lib/lookups/use-lookup-query.ts';

// The pipeline's writes. Each refreshes the stages lookup, which the board reads for its columns.

function useStageMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/sales-stages`, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lookupKey(workspaceId, 'sales-stages') }),
  });
}

export const useCreateStageMutation = (workspaceId: number | null) =>
  useStageMutation(workspaceId, (base, input: SalesStageInput) => http.post<SalesStage>(base, input));

export const useUpdateStageMutation = (workspaceId: number | null) =>
  useStageMutation(workspaceId, (base, { id, ...patch }: Partial<SalesStageInput> & { id: number }) =>
    http.put<SalesStage>(`${base}/${id}`, patch),
  );

export const useReorderStagesMutation = (workspaceId: number | null) =>
  useStageMutation(workspaceId, (base, stageIds: number[]) =>
    http.put<{ data: SalesStage[] }>(`${base}/order`, { stage_ids: stageIds }),
  );

export const useDeleteStageMutation = (workspaceId: number | null) =>
  useStageMutation(workspaceId, (base, { id, moveTo }: { id: number; moveTo?: number }) =>
    http.delete<{ message: string }>(`${base}/${id}`, { query: { move_to: moveTo } }),
  );
