import type { SalesStage, SalesStageInput } from '@vendaval/core/schemas/catalog';
import { http } from '../../../lib/http.ts';
import { useStageMutation } from './use-stage-mutation.ts';

export const useCreateStageMutation = (workspaceId: number | null) =>
  useStageMutation(workspaceId, (base, input: SalesStageInput) => http.post<SalesStage>(base, input));
