import type { QueryClient } from '@tanstack/react-query';
import { exceptCard, opportunitiesKey, tasksKey } from '../../../lib/opportunity-keys.ts';

/**
 * After a card changes: the board, the summaries, the open card, its history and the task lists. A card that
 * `left` the workspace is not read again here.
 */
export function invalidateCards(queryClient: QueryClient, workspaceId: number | null, left?: number) {
  const predicate = left === undefined ? undefined : exceptCard(workspaceId, left);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: opportunitiesKey(workspaceId), predicate }),
    queryClient.invalidateQueries({ queryKey: tasksKey(workspaceId) }),
  ]);
}
