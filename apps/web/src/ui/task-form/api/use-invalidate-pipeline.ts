import { useQueryClient } from '@tanstack/react-query';
import { opportunitiesKey, tasksKey } from '../../../lib/opportunity-keys.ts';
import { useSession } from '../../../lib/session.ts';

/** After any task change: the tasks, and everything about cards (board counts, the open card, its history). */
export function useInvalidatePipeline() {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tasksKey(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: opportunitiesKey(workspaceId) }),
    ]);
}
