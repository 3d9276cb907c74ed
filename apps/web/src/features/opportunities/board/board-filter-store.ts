import { useState, useSyncExternalStore } from 'react';
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

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the filters live as long as the page.
  }
}

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
  /**
   * Screen entry; it notifies nobody, since it runs while the board renders for the first time. Entered from a
   * user (`forUserId`), the user filter is preset to them.
   */
  enter(workspaceId: number, role: string, now: Date = new Date(), forUserId?: number): BoardFilterState {
    const keep = readJson(keepFiltersStorageKey(workspaceId)) === true;
    const defaults = defaultBoardFilters(role, now);
    const entered = keep
      ? sanitizeFilters(readJson(boardFiltersStorageKey(workspaceId)), defaults)
      : defaults;
    const filters = forUserId === undefined ? entered : { ...entered, user_id: [forUserId] };
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
export function useBoardFilters(workspaceId: number, role: string, forUserId?: number): BoardFilterState {
  const [entered] = useState(() => boardFilterStore.enter(workspaceId, role, new Date(), forUserId));
  const live = useSyncExternalStore(boardFilterStore.subscribe, boardFilterStore.get);
  return live?.workspaceId === workspaceId ? live : entered;
}
