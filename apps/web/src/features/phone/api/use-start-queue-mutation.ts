import { useMutation } from '@tanstack/react-query';
import type { BatchCall } from '@vendaval/core/schemas/calls';
import type { Query } from '../../../lib/http.ts';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** The board's cards under its filter become a queue, which starts dialing at once (PLAT-150). */
export function useStartQueueMutation() {
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: async (filter: Query) => {
      const row = await http.post<BatchCall>(`/workspaces/${workspaceId}/batch-calls`, { filter });
      return http.post<BatchCall>(`/workspaces/${workspaceId}/batch-calls/${row.id}/start`, {});
    },
    // The failure has the phone's own toast (platform.md §8).
    meta: { errorToast: false },
  });
}
