import type { BoardEntryFilters } from '../../../lib/board-entry.ts';
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

/**
 * Entered from another screen (a user, platform.md §4; a chart's bar): the board's defaults with the filters it
 * names, those of the wrong kind left out.
 */
export function entryBoardFilters(role: string, entry: BoardEntryFilters, now: Date): BoardFilters {
  const defaults = defaultBoardFilters(role, now);
  return sanitizeFilters({ ...defaults, ...entry }, defaults);
}

/** Enters the board once per mount (with the entry's filters when given) and follows the store afterwards. */
export const useBoardFilters = (
  workspaceId: number,
  role: string,
  entry?: BoardEntryFilters,
): BoardFilterState =>
  useFilterStore(
    boardFilterStore,
    workspaceId,
    role,
    entry === undefined ? undefined : (now) => entryBoardFilters(role, entry, now),
    useKeepFiltersDefault(),
  );
