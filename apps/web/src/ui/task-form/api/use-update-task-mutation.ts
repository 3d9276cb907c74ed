import { useMutation } from '@tanstack/react-query';
import type { Task, TaskUpdate } from '@vendaval/core/schemas/tasks';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { useInvalidatePipeline } from './use-invalidate-pipeline.ts';

export function useUpdateTaskMutation() {
  const { workspaceId } = useSession();
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: (payload: TaskUpdate & { id: number }) =>
      http.put<Task>(`/workspaces/${workspaceId}/tasks/${payload.id}`, payload),
    onSuccess: () => invalidate(),
  });
}
