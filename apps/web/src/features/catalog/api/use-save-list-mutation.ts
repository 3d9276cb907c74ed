import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../../lib/http.ts';
import { lookupKey } from '../../../lib/lookups/use-lookup-query.ts';

/** One collected edit of a list, as the editor keeps it until it is saved. */
export type ListChange =
  | { kind: 'create'; key: string; values: Record<string, unknown> }
  | { kind: 'update'; key: string; id: number; values: Record<string, unknown> }
  | { kind: 'delete'; key: string; id: number };

/** A refusal of the save, on the edit (the editor's key) and, when it names one, the field it is about. */
export type RowRefusal = { key: string; field: string | null; message: string };

const BATCH_PART = { create: 'creates', update: 'updates', delete: 'deletes' } as const;

/** The batch body: the edits of each kind in the order they were made. */
function batchOf(changes: ListChange[]) {
  return {
    deletes: changes.flatMap((c) => (c.kind === 'delete' ? [c.id] : [])),
    updates: changes.flatMap((c) => (c.kind === 'update' ? [{ id: c.id, values: c.values }] : [])),
    creates: changes.flatMap((c) => (c.kind === 'create' ? [c.values] : [])),
  };
}

/**
 * The rows a refused batch names: the server's fields read 'creates.2.name', 'updates.0.values.name' or
 * 'deletes.1', by the position of the edit among those of its kind. A refusal that names no edit is null.
 */
export function refusalsOf(error: unknown, changes: ListChange[]): RowRefusal[] | null {
  if (!(error instanceof ApiError)) return null;
  const message = error.body?.message ?? '';
  const refusals = (error.body?.errors ?? []).flatMap(
    ({ field = '', description = message }): RowRefusal[] => {
      const [part, index, ...rest] = field.split('.');
      const kind = Object.entries(BATCH_PART).find(([, p]) => p === part)?.[0];
      const change = changes.filter((c) => c.kind === kind)[Number(index)];
      if (!change) return [];
      return [
        { key: change.key, field: rest.filter((s) => s !== 'values').at(-1) ?? null, message: description },
      ];
    },
  );
  return refusals.length > 0 ? refusals : null;
}

/**
 * Saves a list's collected edits together in one call (PLAT-074): the server keeps all of them or, when it refuses
 * one, none. Whatever happened, the list and its lookup are read again.
 */
export function useSaveListMutation(workspaceId: number | null, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (changes: ListChange[]) =>
      http.post(`/workspaces/${workspaceId}/${path}/batch`, batchOf(changes)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lookupKey(workspaceId, path) }),
  });
}
