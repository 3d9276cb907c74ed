import { http } from '../../../lib/http.ts';
import { useStageMutation } from './use-stage-mutation.ts';

/** Deletes a stage; `moveTo` names the open stage its cards go to. */
export const useDeleteStageMutation = (workspaceId: number | null) =>
  useStageMutation(workspaceId, (base, { id, moveTo }: { id: number; moveTo?: number }) =>
    http.delete<{ message: string }>(`${base}/${id}`, { query: { move_to: moveTo } }),
  );
