import type { SalesStage, SalesStageInput } from '@vendaval/core/schemas/catalog';
import { http } from '../../../lib/http.ts';
import { useStageMutation } from './use-stage-mutation.ts';

export const useUpdateStageMutation = (workspaceId: number | null) =>
  useStageMutation(workspaceId, (base, { id, ...patch }: Partial<SalesStageInput> & { id: number }) =>
    http.put<SalesStage>(`${base}/${id}`, patch),
  );
