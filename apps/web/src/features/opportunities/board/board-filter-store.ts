import { createFilterStore, type FilterState, useFilterStore } from '../../../lib/filter-store.ts';
import { type BoardFilters, defaultBoardFilters, sanitizeFilters } from './board-filters.ts';

/** localStorage keys of the board's filters and its keep-filters flag, one pair per workspace. */
export const boardFiltersStorageKey = (workspaceId: number) => `vendaval.board.filters.${workspaceId}`;
export const keepFiltersStorageKey = (workspaceId: number) => `vendaval.board.keep-filters.${workspaceId}`;

export type BoardFilterState = FilterState<BoardFilters>;

/** The board's filter store: 'Limpar' goes back to the defaults. */
export const boardFilterStore = createFilterStore<BoardFilters>({
  filtersKey: boardFiltersStorageKey,
  keepKey: keepFiltersStorageKey,
  defaults: defaultBoardFilters,
  cleared: defaultBoardFilters,
  sanitize: sanitizeFilters,
});

/** Enters the board once per mount and follows the store afterwards. */
export const useBoardFilters = (workspaceId: number, role: string): BoardFilterState =>
  useFilterStore(boardFilterStore, workspaceId, role);
