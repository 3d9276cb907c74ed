import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Automation,
  AutomationCreate,
  AutomationDefinition,
  AutomationForecast,
  AutomationUpdate,
  AutomationVersion,
} from '@vendaval/core/schemas/automations';
import { http } from '../../../lib/http.ts';
import { automationsKey } from './use-automations-query.ts';

/** A write to the workspace's automations; it refreshes the list, the drafts, the versions and the logs. */
function useAutomationMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/automations`, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationsKey(workspaceId) }),
  });
}

export const useCreateAutomationMutation = (workspaceId: number | null) =>
  useAutomationMutation(workspaceId, (base, input: AutomationCreate) => http.post<Automation>(base, input));

export const useUpdateAutomationMutation = (workspaceId: number | null) =>
  useAutomationMutation(workspaceId, (base, { id, input }: { id: number; input: AutomationUpdate }) =>
    http.patch<Automation>(`${base}/${id}`, input),
  );

export const useDeleteAutomationMutation = (workspaceId: number | null) =>
  useAutomationMutation(workspaceId, (base, id: number) => http.delete<{ message: string }>(`${base}/${id}`));

export const usePublishAutomationMutation = (workspaceId: number | null) =>
  useAutomationMutation(workspaceId, (base, id: number) =>
    http.post<AutomationVersion>(`${base}/${id}/publish`),
  );

export const useMakeVersionLiveMutation = (workspaceId: number | null) =>
  useAutomationMutation(workspaceId, (base, { id, versionId }: { id: number; versionId: number }) =>
    http.post<AutomationVersion>(`${base}/${id}/versions/${versionId}`),
  );

/** How many open cards the draft's conditions match now, with a sample; it writes nothing. */
export function useForecastMutation(workspaceId: number | null) {
  return useMutation({
    mutationFn: (definition: AutomationDefinition) =>
      http.post<AutomationForecast>(`/workspaces/${workspaceId}/automations/forecast`, { definition }),
  });
}
