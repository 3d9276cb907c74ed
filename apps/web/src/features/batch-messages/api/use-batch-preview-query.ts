import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BatchPreview, BatchPreviewInput } from '@vendaval/core/schemas/batch-messages';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { batchMessagesKey } from './batch-messages-keys.ts';

/**
 * POST /batch-messages/preview: the batch checked as it would be created, its recipients counted and its texts
 * rendered by the server for one real recipient. The form shows a refusal itself (an unknown variable…).
 */
export function useBatchPreviewQuery(body: BatchPreviewInput | null) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...batchMessagesKey(workspaceId), 'preview', body],
    queryFn: ({ signal }) =>
      http.post<BatchPreview>(`/workspaces/${workspaceId}/batch-messages/preview`, body, { signal }),
    enabled: workspaceId !== null && body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { errorToast: false },
  });
}
