import { useMutation } from '@tanstack/react-query';
import type { Task, TaskCreateInput } from '@vendaval/core/schemas/tasks';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { useInvalidatePipeline } from './use-invalidate-pipeline.ts';

export function useCreateTaskMutation() {
  const { workspaceId } = useSession();
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: (payload: TaskCreateInput) => http.post<Task>(`/workspaces/${workspaceId}/tasks`, payload),
    onSuccess: () => invalidate(),
  });
}
