import type { SalesStage } from '@vendaval/core/schemas/catalog';
import { http } from '../../../lib/http.ts';
import { useStageMutation } from './use-stage-mutation.ts';

/** Saves the whole pipeline in its new order. */
export const useReorderStagesMutation = (workspaceId: number | null) =>
  useStageMutation(workspaceId, (base, stageIds: number[]) =>
    http.put<{ data: SalesStage[] }>(`${base}/order`, { stage_ids: stageIds }),
  );
