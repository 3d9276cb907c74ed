import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ScheduleImport,
  ScheduleImportResult,
  ScheduleTask,
  ScheduleTemplate,
  ScheduleTemplateCreate,
  ScheduleTemplateTask,
  ScheduleTemplateTaskBatchInput,
} from '@vendaval/core/schemas/schedule';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

/** Every schedule query of a workspace; a write reads them all again (the calendar's share this start). */
export const scheduleKey = (workspaceId: number | null) => [workspaceId, 'schedule'] as const;
const base = (workspaceId: number | null) => `/workspaces/${workspaceId}`;

export function useScheduleTemplatesQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: [...scheduleKey(workspaceId), 'templates'],
    queryFn: ({ signal }) =>
      http.get<Page<ScheduleTemplate>>(`${base(workspaceId)}/schedule-templates`, {
        signal,
        query: { limit: 500 },
      }),
    enabled: workspaceId !== null,
    select: (page) => page.data,
  });
}

export function useTemplateTasksQuery(workspaceId: number | null, templateId: number | null) {
  return useQuery({
    queryKey: [...scheduleKey(workspaceId), 'template-tasks', templateId],
    queryFn: ({ signal }) =>
      http.get<Page<ScheduleTemplateTask>>(`${base(workspaceId)}/schedule-templates/${templateId}/tasks`, {
        signal,
      }),
    enabled: workspaceId !== null && templateId !== null,
    select: (page) => page.data,
  });
}

export function useScheduleTasksQuery(
  workspaceId: number | null,
  range: { start: string; end: string },
  userId?: number,
) {
  const query = {
    start_timestamp: range.start,
    end_timestamp: range.end,
    limit: 500,
    ...(userId !== undefined && { user_id: userId }),
  };
  return useQuery({
    queryKey: [...scheduleKey(workspaceId), 'tasks', query],
    queryFn: ({ signal }) =>
      http.get<Page<ScheduleTask>>(`${base(workspaceId)}/schedule-tasks`, { signal, query }),
    enabled: workspaceId !== null,
    select: (page) => page.data,
  });
}

function useScheduleMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(base(workspaceId), variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey(workspaceId) }),
  });
}

export const useCreateTemplateMutation = (workspaceId: number | null) =>
  useScheduleMutation(workspaceId, (b, input: ScheduleTemplateCreate) =>
    http.post<ScheduleTemplate>(`${b}/schedule-templates`, input),
  );

export const useDeleteTemplateMutation = (workspaceId: number | null) =>
  useScheduleMutation(workspaceId, (b, id: number) =>
    http.delete<{ message: string }>(`${b}/schedule-templates/${id}`),
  );

export const useSaveTemplateTasksMutation = (workspaceId: number | null) =>
  useScheduleMutation(workspaceId, (b, { id, ...batch }: ScheduleTemplateTaskBatchInput & { id: number }) =>
    http.post<Page<ScheduleTemplateTask>>(`${b}/schedule-templates/${id}/tasks-batch-upsert`, batch),
  );

export const useApplyTemplateMutation = (workspaceId: number | null) =>
  useScheduleMutation(workspaceId, (b, input: ScheduleImport) =>
    http.post<ScheduleImportResult>(`${b}/schedule-templates-tasks`, input),
  );

export const useEndScheduleTaskMutation = (workspaceId: number | null) =>
  useScheduleMutation(workspaceId, (b, id: number) =>
    http.patch<ScheduleTask>(`${b}/schedule-tasks/${id}/end`),
  );
