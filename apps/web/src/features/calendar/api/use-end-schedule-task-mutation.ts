import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleTask } from '@vendaval/core/schemas/schedule';
import { http } from '../../../lib/http.ts';

/** Ends one of the person's schedule tasks; the calendar and the planning area read the schedule again. */
export function useEndScheduleTaskMutation(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.patch<ScheduleTask>(`/workspaces/${workspaceId}/schedule-tasks/${id}/end`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [workspaceId, 'schedule'] }),
  });
}
