import { type InfiniteData, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendaval/core/messages';
import type { Opportunity, OpportunityListItem, StageSummary } from '@vendaval/core/schemas/opportunities';
import { ApiError, http } from '../../../lib/http.ts';
import { opportunitiesKey, tasksKey } from '../../../lib/opportunity-keys.ts';
import { type ColumnPage, stageOfBoardKey } from './use-board-column-query.ts';

export type MoveVariables = { card: OpportunityListItem; toStageId: number };
type Column = InfiniteData<ColumnPage, number>;

/** The server refused the move because the card has no task and the workspace requires one. */
export function isNoTaskError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const text = MESSAGES.noTaskForStageChange;
  return error.body?.message === text || !!error.body?.errors?.some((e) => e.description === text);
}

const withTotal = (page: ColumnPage, delta: number): ColumnPage => ({
  ...page,
  pagination: { ...page.pagination, total_count: Math.max(0, page.pagination.total_count + delta) },
});

export function removeCard(column: Column | undefined, id: number): Column | undefined {
  if (!column?.pages.some((page) => page.data.some((card) => card.id === id))) return column;
  return {
    ...column,
    pages: column.pages.map((page) => withTotal({ ...page, data: page.data.filter((c) => c.id !== id) }, -1)),
  };
}

/** The card on top of its new column, as the server puts it ('top'). */
export function insertOnTop(column: Column | undefined, card: OpportunityListItem): Column | undefined {
  const [first, ...rest] = column?.pages ?? [];
  if (!column || !first) return column;
  return {
    ...column,
    pages: [withTotal({ ...first, data: [card, ...first.data] }, 1), ...rest.map((p) => withTotal(p, 1))],
  };
}

export function moveInSummary(
  summary: StageSummary | undefined,
  card: OpportunityListItem,
  toStageId: number,
): StageSummary | undefined {
  if (!summary) return summary;
  const shift = (stageId: number, sign: 1 | -1) => (row: StageSummary['data'][number]) =>
    row.sales_stage_id === stageId
      ? { ...row, count: Math.max(0, row.count + sign), total_price: row.total_price + sign * card.price }
      : row;
  const data = summary.data.map(shift(card.sales_stage_id, -1)).map(shift(toStageId, 1));
  if (!data.some((row) => row.sales_stage_id === toStageId)) {
    data.push({ sales_stage_id: toStageId, count: 1, total_price: card.price });
  }
  return { data };
}

const isSummaryKey = (workspaceId: number, key: QueryKey) =>
  opportunitiesKey(workspaceId).every((part, i) => key[i] === part) &&
  key[opportunitiesKey(workspaceId).length] === 'summary';

/**
 * Puts a card in another open stage at the top of its column: a move for an open card, a reopen for a
 * closed one. The board shows the result at once and rolls it back when the server refuses.
 */
export function useMoveOpportunityMutation(workspaceId: number) {
  const queryClient = useQueryClient();
  const touches = (key: QueryKey, { card, toStageId }: MoveVariables) => {
    const stageId = stageOfBoardKey(workspaceId, key);
    return stageId === card.sales_stage_id || stageId === toStageId || isSummaryKey(workspaceId, key);
  };

  return useMutation({
    mutationFn: ({ card, toStageId }: MoveVariables) => {
      const path = `/workspaces/${workspaceId}/opportunities/${card.id}`;
      return card.state_type === 'Open'
        ? http.put<Opportunity>(`${path}/move-to`, {
            data: { sales_stage_id: toStageId, display_order: 'top' },
          })
        : http.put<Opportunity>(`${path}/reopen`, { sales_stage_id: toStageId });
    },
    // A missing task is not a failure to report but a step of the flow; the board decides what to show.
    meta: { errorToast: false },
    onMutate: async (variables) => {
      const predicate = (query: { queryKey: QueryKey }) => touches(query.queryKey, variables);
      await queryClient.cancelQueries({ queryKey: opportunitiesKey(workspaceId), predicate });
      const snapshot = queryClient.getQueriesData({ queryKey: opportunitiesKey(workspaceId), predicate });
      const { card, toStageId } = variables;
      const moved: OpportunityListItem = {
        ...card,
        sales_stage_id: toStageId,
        state_type: 'Open',
        closed_at: card.state_type === 'Open' ? card.closed_at : null,
      };
      for (const [key] of snapshot) {
        const stageId = stageOfBoardKey(workspaceId, key);
        if (stageId === card.sales_stage_id)
          queryClient.setQueryData<Column>(key, (c) => removeCard(c, card.id));
        else if (stageId === toStageId) queryClient.setQueryData<Column>(key, (c) => insertOnTop(c, moved));
        else queryClient.setQueryData<StageSummary>(key, (s) => moveInSummary(s, card, toStageId));
      }
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    // The other columns did not change; everything else about cards (the open card, its history) and the
    // task lists, which show the card's stage, did.
    // Not awaited: the board answers the drop (a warning, a toast) without waiting for the refetch.
    onSettled: (_data, _error, variables) => {
      void queryClient.invalidateQueries({
        queryKey: opportunitiesKey(workspaceId),
        predicate: (query) =>
          stageOfBoardKey(workspaceId, query.queryKey) === null || touches(query.queryKey, variables),
      });
      void queryClient.invalidateQueries({ queryKey: tasksKey(workspaceId) });
    },
  });
}
