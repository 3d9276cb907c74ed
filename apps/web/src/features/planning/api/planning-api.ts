import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanningPhase } from '@vendaval/core/constants';
import type { Export, ExportFormat } from '@vendaval/core/schemas/exports';
import type {
  GraduationPlanningCreateInput,
  Pdca,
  PdcaAction,
  PdcaUpdate,
  Planning,
  PlanningAction,
  PlanningActionCreateInput,
  PlanningCreateInput,
  PlanningMedia,
  PlanningMediaCreateInput,
  PlanningSummary,
  PlanningUpdateInput,
} from '@vendaval/core/schemas/planning';
import { http, type Query } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export const planningsKey = (workspaceId: number | null) => [workspaceId, 'plannings'] as const;

/** The unit's plans, narrowed by the planning list filter. */
export function usePlanningsQuery(workspaceId: number | null, filter: Query = {}) {
  return useQuery({
    queryKey: [...planningsKey(workspaceId), 'list', filter],
    queryFn: ({ signal }) =>
      http.get<Page<PlanningSummary>>(`/workspaces/${workspaceId}/plannings`, {
        signal,
        query: { limit: 500, ...filter },
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

export function useGraduationPlanningsQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: [...planningsKey(workspaceId), 'graduation'],
    queryFn: ({ signal }) =>
      http.get<Page<PlanningSummary>>(`/workspaces/${workspaceId}/graduation/plannings`, {
        signal,
        query: { limit: 500 },
      }),
    enabled: workspaceId !== null,
    select: (page) => page.data,
  });
}

export const useCreateGraduationPlanningMutation = (workspaceId: number | null) =>
  usePlanningMutation(workspaceId, (_base, input: GraduationPlanningCreateInput) =>
    http.post<Planning>(`/workspaces/${workspaceId}/graduation/plannings`, input),
  );

export function usePdcaQuery(workspaceId: number | null, id: number | null) {
  return useQuery({
    queryKey: [...planningsKey(workspaceId), 'pdca', id],
    queryFn: ({ signal }) => http.get<Pdca>(`/workspaces/${workspaceId}/plannings/${id}/pdca`, { signal }),
    enabled: workspaceId !== null && id !== null,
  });
}

export const useUpdatePdcaMutation = (workspaceId: number | null) =>
  usePlanningMutation(
    workspaceId,
    (base, { id, actionId, ...patch }: PdcaUpdate & { id: number; actionId: number }) =>
      http.patch<PdcaAction>(`${base}/${id}/actions/${actionId}/pdca`, patch),
  );

/** Queues the PDCA's file, a sheet or a PDF; its notification downloads it when the job is done. */
export function useStartPdcaExportMutation(workspaceId: number | null) {
  return useMutation({
    mutationFn: ({ id, format }: { id: number; format: Extract<ExportFormat, 'xlsx' | 'pdf'> }) =>
      http.get<Export>(`/workspaces/${workspaceId}/exports/pdca`, {
        query: { planning_id: id, format },
      }),
  });
}
