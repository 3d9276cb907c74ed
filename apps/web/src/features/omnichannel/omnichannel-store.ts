import { useSyncExternalStore } from 'react';
import { createFilterStore, type FilterState, useFilterStore } from '../../lib/filter-store.ts';
import {
  defaultOmnichannelFilters,
  type OmnichannelFilters,
  sanitizeOmnichannelFilters,
} from './omnichannel-filters.ts';

export const omnichannelFiltersStorageKey = (workspaceId: number) =>
  `vendaval.omnichannel.filters.${workspaceId}`;
export const omnichannelKeepStorageKey = (workspaceId: number) =>
  `vendaval.omnichannel.keep-filters.${workspaceId}`;

/** The omnichannel filter store: defaults on entry unless 'Manter filtros', and after 'Limpar'. */
export const omnichannelFilterStore = createFilterStore<OmnichannelFilters>({
  filtersKey: omnichannelFiltersStorageKey,
  keepKey: omnichannelKeepStorageKey,
  defaults: defaultOmnichannelFilters,
  cleared: defaultOmnichannelFilters,
  sanitize: sanitizeOmnichannelFilters,
});

export const useOmnichannelFilters = (workspaceId: number, role: string): FilterState<OmnichannelFilters> =>
  useFilterStore(omnichannelFilterStore, workspaceId, role);

/** The rest of the omni-channel state (platform.md §3): the chosen card and room, 0 when none. */
export type OmniState = {
  opportunityId: number;
  chatId: number;
  /** The card to choose again once the list has reloaded (e.g. after a filter change). */
  reselect: { opportunityId: number; chatId: number } | null;
  /** Flipped to ask the list to reload. */
  refresh: boolean;
};

const INITIAL: OmniState = { opportunityId: 0, chatId: 0, reselect: null, refresh: false };
let omni: OmniState = INITIAL;
const listeners = new Set<() => void>();

function commit(next: OmniState) {
  omni = next;
  for (const listener of listeners) listener();
}

export const omniState = {
  get: () => omni,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  select: (opportunityId: number, chatId: number) => commit({ ...omni, opportunityId, chatId }),
  setReselect: (reselect: OmniState['reselect']) => commit({ ...omni, reselect }),
  toggleRefresh: () => commit({ ...omni, refresh: !omni.refresh }),
  /** Omni reset (platform.md §4): clears the chosen card and room. */
  reset: () => commit({ ...omni, opportunityId: 0, chatId: 0 }),
  /** Full reset: everything back to the start except the chosen card and room. */
  fullReset: () => commit({ ...INITIAL, opportunityId: omni.opportunityId, chatId: omni.chatId }),
};

export function useOmniState(): OmniState {
  return useSyncExternalStore(omniState.subscribe, omniState.get);
}
