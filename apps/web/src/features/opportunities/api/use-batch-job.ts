import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPPORTUNITY_BATCH_POLL_MS, type OpportunityBatch } from '@vendaval/core/schemas/opportunity-batches';
import { useEffect, useRef, useState } from 'react';
import { http, type Query } from '../../../lib/http.ts';
import { invalidateCards } from './invalidate-cards.ts';
import type { TransferVariables } from './use-transfer-opportunity-mutation.ts';

/** The cards of a batch: picked one by one, or every card of the board's filter (the server pages through them). */
export type BatchSelection = { opportunity_ids: number[] } | { filter: Query };

export type BatchRequest =
  | { action: 'assign'; user_id: number; selection: BatchSelection }
  | ({ action: 'transfer'; selection: BatchSelection } & TransferVariables);

const isOver = (status: OpportunityBatch['status'] | undefined) => status === 'done' || status === 'failed';

/**
 * Starts a batch assign or transfer and asks for its progress every second; once its job is over the board is read
 * again and `onOver` hears how it ended.
 */
export function useBatchJob(workspaceId: number, onOver: (batch: OpportunityBatch) => void) {
  const queryClient = useQueryClient();
  // The start's answer already tells the total: the progress shows it until the first status arrives.
  const [started, setStarted] = useState<OpportunityBatch | null>(null);
  const id = started?.id ?? null;
  const start = useMutation({
    mutationFn: ({ action, selection, ...target }: BatchRequest) =>
      http.post<OpportunityBatch>(`/workspaces/${workspaceId}/opportunities/batch-jobs/${action}`, {
        ...target,
        ...selection,
      }),
    onSuccess: setStarted,
  });
  const status = useQuery({
    // Not under the cards' key: every card the job moves invalidates those, and would cancel this poll each time.
    queryKey: [workspaceId, 'opportunity-batches', id],
    queryFn: ({ signal }) =>
      http.get<OpportunityBatch>(`/workspaces/${workspaceId}/opportunities/batch-jobs/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (isOver(q.state.data?.status) ? false : OPPORTUNITY_BATCH_POLL_MS),
    staleTime: 0,
  });
  const told = useRef<string | null>(null);
  const batch = status.data?.id === id ? status.data : undefined;
  useEffect(() => {
    if (!batch || told.current === batch.id || !isOver(batch.status)) return;
    told.current = batch.id;
    void invalidateCards(queryClient, workspaceId);
    onOver(batch);
    setStarted(null);
  }, [batch, onOver, queryClient, workspaceId]);
  // A failed status request was already shown by the global error display.
  useEffect(() => {
    if (status.isError) setStarted(null);
  }, [status.isError]);

  return {
    start: start.mutateAsync,
    starting: start.isPending,
    /** The running batch's progress: as it started, then as last read. */
    progress: batch ?? started ?? undefined,
    /** From the job's start until it is over. */
    running: id !== null,
  };
}
