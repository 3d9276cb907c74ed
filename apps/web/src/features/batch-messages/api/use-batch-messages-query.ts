import { useQuery } from '@tanstack/react-query';
import { BATCH_MESSAGE_POLL_MS, type BatchMessage } from '@vendaval/core/schemas/batch-messages';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { useSession } from '../../../lib/session.ts';
import { batchMessagesKey } from './batch-messages-keys.ts';

const inProgress = (batch: BatchMessage) => batch.status === 'scheduled' || batch.status === 'running';

/** GET /batch-messages: the workspace's batches, newest first, read every 2 s while one is being sent. */
export function useBatchMessagesQuery() {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...batchMessagesKey(workspaceId), 'list'],
    queryFn: ({ signal }) =>
      http.get<Page<BatchMessage>>(`/workspaces/${workspaceId}/batch-messages`, {
        signal,
        query: { limit: 100 },
      }),
    enabled: workspaceId !== null,
    refetchInterval: (query) => (query.state.data?.data.some(inProgress) ? BATCH_MESSAGE_POLL_MS : false),
    select: (page) => page.data,
  });
}
