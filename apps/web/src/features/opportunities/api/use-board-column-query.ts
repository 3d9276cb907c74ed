import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { BOARD_PAGE_SIZE } from '@vendaval/core/constants';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { http, type Query } from '../../../lib/http.ts';
import { nextOffset, type Page } from '../../../lib/lookups/use-lookup-query.ts';
import { opportunitiesKey } from '../../../lib/opportunity-keys.ts';

/** Every board column of a workspace, whatever its filters. */
export const boardKey = (workspaceId: number) => [...opportunitiesKey(workspaceId), 'board'] as const;

/** One stage's column under one set of filters. */
export const boardColumnKey = (workspaceId: number, stageId: number, filters: Query) =>
  [...boardKey(workspaceId), stageId, filters] as const;

/** The stage of a board column key, or null when the key is not a column's. */
export function stageOfBoardKey(workspaceId: number, key: QueryKey): number | null {
  const prefix = boardKey(workspaceId);
  const matches = prefix.every((part, i) => key[i] === part);
  const stageId = key[prefix.length];
  return matches && typeof stageId === 'number' ? stageId : null;
}

export type ColumnPage = Page<OpportunityListItem>;

/** A stage's cards in board order, BOARD_PAGE_SIZE at a time (infinite scroll). */
export function useBoardColumnQuery(workspaceId: number, stageId: number, filters: Query) {
  return useInfiniteQuery({
    queryKey: boardColumnKey(workspaceId, stageId, filters),
    queryFn: ({ pageParam, signal }) =>
      http.get<ColumnPage>(`/workspaces/${workspaceId}/opportunities`, {
        signal,
        query: {
          ...filters,
          sales_stage_id: stageId,
          sort: 'display_order',
          limit: BOARD_PAGE_SIZE,
          offset: pageParam,
        },
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    // New filters keep the cards on screen until the new ones arrive, instead of flashing skeletons.
    placeholderData: keepPreviousData,
    // The column shows its own error with a retry button.
    meta: { errorToast: false },
  });
}
