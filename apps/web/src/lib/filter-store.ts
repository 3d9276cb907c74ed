import { useEffect, useState, useSyncExternalStore } from 'react';
import { readStoredJson, writeStoredJson } from './stored-json.ts';

export type FilterState<F> = {
  workspaceId: number;
  role: string;
  /** 'Manter filtros': the filters survive leaving the screen (and reloading the page). */
  keep: boolean;
  filters: F;
};

export type FilterStoreOptions<F> = {
  /** localStorage keys of the filters and of the keep-filters flag, one pair per workspace. */
  filtersKey: (workspaceId: number) => string;
  keepKey: (workspaceId: number) => string;
  /** The filters on entering the screen. */
  defaults: (role: string, now: Date) => F;
  /** The filters after 'Limpar'. */
  cleared: (role: string, now: Date) => F;
  /** Stored filters of an older version or edited by hand: only values of the right kind are kept. */
  sanitize: (stored: unknown, defaults: F) => F;
};

/**
 * One screen's filter state (platform.md §3 and §4): entering starts from the defaults unless keep-filters is on,
 * in which case the stored filters come back; 'Limpar' always resets (decision 5). The keep-filters flag is the
 * user's own choice once they made it (stored per workspace); until then it is the workspace's default.
 */
export function createFilterStore<F extends object>(options: FilterStoreOptions<F>) {
  let state: FilterState<F> | null = null;
  const listeners = new Set<() => void>();

  const persist = (next: FilterState<F>) => {
    writeStoredJson(options.filtersKey(next.workspaceId), next.keep ? next.filters : null);
  };
  const chosenKeep = (workspaceId: number) => {
    const stored = readStoredJson(options.keepKey(workspaceId));
    return typeof stored === 'boolean' ? stored : null;
  };
  const commit = (next: FilterState<F>) => {
    state = next;
    persist(next);
    for (const listener of listeners) listener();
  };
  const current = (): FilterState<F> => {
    if (!state) throw new Error('filters are used before their screen is entered');
    return state;
  };

  return {
    /**
     * Screen entry; it notifies nobody, since it runs while the screen renders for the first time. `entry`, when
     * given, replaces whatever would be restored (a screen entered from somewhere that sets its own filters).
     */
    enter(
      workspaceId: number,
      role: string,
      now: Date = new Date(),
      entry?: F,
      keepByDefault = false,
    ): FilterState<F> {
      const keep = chosenKeep(workspaceId) ?? keepByDefault;
      const defaults = options.defaults(role, now);
      const restored = keep
        ? options.sanitize(readStoredJson(options.filtersKey(workspaceId)), defaults)
        : defaults;
      const next = { workspaceId, role, keep, filters: entry ?? restored };
      state = next;
      persist(next);
      return next;
    },
    get: (): FilterState<F> | null => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch: Partial<F>): void {
      const now = current();
      commit({ ...now, filters: { ...now.filters, ...patch } });
    },
    setKeep(keep: boolean): void {
      const now = current();
      writeStoredJson(options.keepKey(now.workspaceId), keep);
      commit({ ...now, keep });
    },
    /** The workspace's default arrived after entry: it applies unless the user has chosen. */
    adoptKeepDefault(keepByDefault: boolean): void {
      const now = state;
      if (!now || now.keep === keepByDefault || chosenKeep(now.workspaceId) !== null) return;
      commit({ ...now, keep: keepByDefault });
    },
    clear(now: Date = new Date()): void {
      const before = current();
      commit({ ...before, filters: options.cleared(before.role, now) });
    },
  };
}

export type FilterStore<F extends object> = ReturnType<typeof createFilterStore<F>>;

/**
 * Enters the screen once per mount (with `entry` when given) and follows the store afterwards. `keepByDefault` is
 * the workspace's keep-filters default; it may arrive after the first render.
 */
export function useFilterStore<F extends object>(
  store: FilterStore<F>,
  workspaceId: number,
  role: string,
  entry?: (now: Date) => F,
  keepByDefault?: boolean,
): FilterState<F> {
  const [entered] = useState(() => {
    const now = new Date();
    return store.enter(workspaceId, role, now, entry?.(now), keepByDefault);
  });
  useEffect(() => {
    if (keepByDefault !== undefined) store.adoptKeepDefault(keepByDefault);
  }, [store, keepByDefault]);
  const live = useSyncExternalStore(store.subscribe, store.get);
  return live?.workspaceId === workspaceId ? live : entered;
}
