import type { QueryClient } from '@tanstack/react-query';
import { opportunitiesKey, tasksKey } from '../../../lib/opportunity-keys.ts';

/** After a card changes: the board, the summaries, the open card, its history and the task lists. */
export function invalidateCards(queryClient: QueryClient, workspaceId: number | null) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: opportunitiesKey(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: tasksKey(workspaceId) }),
  ]);
}
