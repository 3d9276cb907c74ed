import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanningPhase } from '@vendaval/core/constants';
import type {
  Planning,
  PlanningAction,
  PlanningActionCreateInput,
  PlanningCreateInput,
  PlanningMedia,
  PlanningMediaCreateInput,
  PlanningSummary,
  PlanningUpdateInput,
} from '@vendaval/core/schemas/planning';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export const planningsKey = (workspaceId: number | null) => [workspaceId, 'plannings'] as const;

export function usePlanningsQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: [...planningsKey(workspaceId), 'list'],
    queryFn: ({ signal }) =>
      http.get<Page<PlanningSummary>>(`/workspaces/${workspaceId}/plannings`, {
        signal,
        query: { limit: 500 },
      }),
    enabled: workspaceId !== null,
    select: (page) => page.data,
  });
}

export function usePlanningQuery(workspaceId: number | null, id: number | null) {
  return useQuery({
    queryKey: [...planningsKey(workspaceId), 'one', id],
    queryFn: ({ signal }) => http.get<Planning>(`/workspaces/${workspaceId}/plannings/${id}`, { signal }),
    enabled: workspaceId !== null && id !== null,
  });
}

export function usePlanningActionsQuery(workspaceId: number | null, id: number | null) {
  return useQuery({
    queryKey: [...planningsKey(workspaceId), 'actions', id],
    queryFn: ({ signal }) =>
      http.get<Page<PlanningAction>>(`/workspaces/${workspaceId}/plannings/${id}/actions`, { signal }),
    enabled: workspaceId !== null && id !== null,
    select: (page) => page.data,
  });
}

/** A write to a plan: every planning query of the workspace read again. */
function usePlanningMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/plannings`, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planningsKey(workspaceId) }),
  });
}

export const useCreatePlanningMutation = (workspaceId: number | null) =>
  usePlanningMutation(workspaceId, (base, input: PlanningCreateInput) => http.post<Planning>(base, input));

export const useUpdatePlanningMutation = (workspaceId: number | null) =>
  usePlanningMutation(workspaceId, (base, { id, ...patch }: PlanningUpdateInput & { id: number }) =>
    http.put<Planning>(`${base}/${id}`, patch),
  );

export const useChangePlanningPhaseMutation = (workspaceId: number | null) =>
  usePlanningMutation(workspaceId, (base, { id, phase }: { id: number; phase: PlanningPhase }) =>
    http.patch<Planning>(`${base}/${id}`, { phase }),
  );

export const useCreatePlanningMediaMutation = (workspaceId: number | null) =>
  usePlanningMutation(workspaceId, (base, { id, ...input }: PlanningMediaCreateInput & { id: number }) =>
    http.post<PlanningMedia>(`${base}/${id}/medias`, input),
  );

export const useDeletePlanningMediaMutation = (workspaceId: number | null) =>
  usePlanningMutation(workspaceId, (base, { id, mediaId }: { id: number; mediaId: number }) =>
    http.delete<{ message: string }>(`${base}/${id}/medias/${mediaId}`),
  );

export const useCreatePlanningActionMutation = (workspaceId: number | null) =>
  usePlanningMutation(workspaceId, (base, { id, ...input }: PlanningActionCreateInput & { id: number }) =>
    http.post<PlanningAction>(`${base}/${id}/actions`, input),
  );

export const useDeletePlanningActionMutation = (workspaceId: number | null) =>
  usePlanningMutation(workspaceId, (base, { id, actionId }: { id: number; actionId: number }) =>
    http.delete<{ message: string }>(`${base}/${id}/actions/${actionId}`),
  );
