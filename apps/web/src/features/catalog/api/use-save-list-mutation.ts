import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { lookupKey } from '../../../lib/lookups/use-lookup-query.ts';

/** One collected edit of a list, as the editor keeps it until it is saved. */
export type ListChange =
  | { kind: 'create'; key: string; values: Record<string, unknown> }
  | { kind: 'update'; key: string; id: number; values: Record<string, unknown> }
  | { kind: 'delete'; key: string; id: number };

export type SaveOutcome = { saved: string[]; failed: { key: string; error: unknown }[] };

const send = (workspaceId: number | null, path: string, change: ListChange) => {
  const base = `/workspaces/${workspaceId}/${path}`;
  if (change.kind === 'create') return http.post(base, change.values);
  if (change.kind === 'update') return http.put(`${base}/${change.id}`, change.values);
  return http.delete(`${base}/${change.id}`);
};

/**
 * Saves a list's collected edits together, one call each in the order they were made. A refused edit stays
 * for the user to fix; the others are saved. Whatever happened, the list and its lookup are read again.
 */
export function useSaveListMutation(workspaceId: number | null, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (changes: ListChange[]): Promise<SaveOutcome> => {
      const outcome: SaveOutcome = { saved: [], failed: [] };
      for (const change of changes) {
        try {
          await send(workspaceId, path, change);
          outcome.saved.push(change.key);
        } catch (error) {
          outcome.failed.push({ key: change.key, error });
        }
      }
      return outcome;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lookupKey(workspaceId, path) }),
  });
}
