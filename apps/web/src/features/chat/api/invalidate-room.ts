import type { QueryClient } from '@tanstack/react-query';
import { opportunityKey } from '../../../lib/opportunity-keys.ts';
import { dialogKey } from './chat-keys.ts';

/** A room changed: its card (the rooms list and the header) and the room itself are read again. */
export function invalidateRoom(
  queryClient: QueryClient,
  workspaceId: number | null,
  opportunityId: number,
  dialogId?: number,
) {
  const refreshes = [queryClient.invalidateQueries({ queryKey: opportunityKey(workspaceId, opportunityId) })];
  if (dialogId !== undefined) {
    refreshes.push(queryClient.invalidateQueries({ queryKey: dialogKey(workspaceId, dialogId) }));
  }
  return Promise.all(refreshes);
}
