import { createFilterStore, type FilterState, useFilterStore } from '../../../lib/filter-store.ts';
import { useKeepFiltersDefault } from '../../../lib/use-workspace-settings-query.ts';
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

/** Entered from a user (platform.md §4): the board's defaults with that user as the responsible filter. */
export const userBoardFilters = (role: string, userId: number, now: Date): BoardFilters => ({
  ...defaultBoardFilters(role, now),
  user_id: [userId],
});

/** Enters the board once per mount (from a user when `forUserId` is given) and follows the store afterwards. */
export const useBoardFilters = (workspaceId: number, role: string, forUserId?: number): BoardFilterState =>
  useFilterStore(
    boardFilterStore,
    workspaceId,
    role,
    forUserId === undefined ? undefined : (now) => userBoardFilters(role, forUserId, now),
    useKeepFiltersDefault(),
  );
