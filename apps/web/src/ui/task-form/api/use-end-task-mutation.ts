import { useMutation } from '@tanstack/react-query';
import type { Task, TaskEnd } from '@vendaval/core/schemas/tasks';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { useInvalidatePipeline } from './use-invalidate-pipeline.ts';

/** PUT /tasks/{id}/end with id, status, ended_at and the interaction type (opportunities.md §7). */
export function useEndTaskMutation() {
  const { workspaceId } = useSession();
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: ({ id, interactionTypeId }: { id: number; interactionTypeId: number }) => {
      const payload: TaskEnd = {
        id,
        status: 'Completed',
        ended_at: new Date().toISOString(),
        interaction_type_id: interactionTypeId,
      };
      return http.put<Task>(`/workspaces/${workspaceId}/tasks/${id}/end`, payload);
    },
    onSuccess: () => invalidate(),
  });
}
