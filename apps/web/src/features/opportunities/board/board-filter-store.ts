import { useState, useSyncExternalStore } from 'react';
import { readStoredJson as readJson, writeStoredJson as write } from '../../../lib/stored-json.ts';
import { type BoardFilters, defaultBoardFilters, sanitizeFilters } from './board-filters.ts';

/** localStorage keys of the board's filters and its keep-filters flag, one pair per workspace. */
export const boardFiltersStorageKey = (workspaceId: number) => `vendaval.board.filters.${workspaceId}`;
export const keepFiltersStorageKey = (workspaceId: number) => `vendaval.board.keep-filters.${workspaceId}`;

export type BoardFilterState = {
  workspaceId: number;
  role: string;
  /** 'Manter filtros': the filters survive leaving the board (and reloading the page). */
  keep: boolean;
  filters: BoardFilters;
};

let state: BoardFilterState | null = null;
const listeners = new Set<() => void>();

function persist(next: BoardFilterState): void {
  write(keepFiltersStorageKey(next.workspaceId), next.keep ? true : null);
  write(boardFiltersStorageKey(next.workspaceId), next.keep ? next.filters : null);
}

function commit(next: BoardFilterState): void {
  state = next;
  persist(next);
  for (const listener of listeners) listener();
}

function current(): BoardFilterState {
  if (!state) throw new Error('the board filters are used before entering the board');
  return state;
}

/**
 * The board's filter store (platform.md §3 and §4). Entering the board starts from the defaults unless
 * keep-filters is on, in which case the stored filters come back; 'Limpar' always goes back to the defaults.
 */
export const boardFilterStore = {
  /** Screen entry; it notifies nobody, since it runs while the board renders for the first time. */
  enter(workspaceId: number, role: string, now: Date = new Date()): BoardFilterState {
    const keep = readJson(keepFiltersStorageKey(workspaceId)) === true;
    const defaults = defaultBoardFilters(role, now);
    const filters = keep
      ? sanitizeFilters(readJson(boardFiltersStorageKey(workspaceId)), defaults)
      : defaults;
    state = { workspaceId, role, keep, filters };
    persist(state);
    return state;
  },
  get: (): BoardFilterState | null => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<BoardFilters>): void {
    const now = current();
    commit({ ...now, filters: { ...now.filters, ...patch } });
  },
  setKeep(keep: boolean): void {
    commit({ ...current(), keep });
  },
  clear(now: Date = new Date()): void {
    const before = current();
    commit({ ...before, filters: defaultBoardFilters(before.role, now) });
  },
};

/** Enters the board once per mount and follows the store afterwards. */
export function useBoardFilters(workspaceId: number, role: string): BoardFilterState {
  const [entered] = useState(() => boardFilterStore.enter(workspaceId, role));
  const live = useSyncExternalStore(boardFilterStore.subscribe, boardFilterStore.get);
  return live?.workspaceId === workspaceId ? live : entered;
}
