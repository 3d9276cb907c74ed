import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { useInvalidatePipeline } from './use-invalidate-pipeline.ts';

export function useDeleteTaskMutation() {
  const { workspaceId } = useSession();
  const invalidate = useInvalidatePipeline();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/workspaces/${workspaceId}/tasks/${id}`),
    onSuccess: () => invalidate(),
  });
}
