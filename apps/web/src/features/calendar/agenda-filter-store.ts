import { useState, useSyncExternalStore } from 'react';
import { readStoredJson, writeStoredJson } from '../../lib/stored-json.ts';
import {
  type AgendaCard,
  type AgendaFilters,
  cardAgendaFilters,
  clearedAgendaFilters,
  defaultAgendaFilters,
  sanitizeAgendaFilters,
} from './agenda-filters.ts';

/** localStorage keys of the agenda's filters and its keep-filters flag, one pair per workspace. */
export const agendaFiltersStorageKey = (workspaceId: number) => `vendaval.agenda.filters.${workspaceId}`;
export const agendaKeepStorageKey = (workspaceId: number) => `vendaval.agenda.keep-filters.${workspaceId}`;

export type AgendaFilterState = {
  workspaceId: number;
  role: string;
  /** 'Manter filtros': the filters survive leaving the agenda (and reloading the page). */
  keep: boolean;
  filters: AgendaFilters;
};

let state: AgendaFilterState | null = null;
const listeners = new Set<() => void>();

function commit(next: AgendaFilterState): void {
  state = next;
  writeStoredJson(agendaKeepStorageKey(next.workspaceId), next.keep ? true : null);
  writeStoredJson(agendaFiltersStorageKey(next.workspaceId), next.keep ? next.filters : null);
  for (const listener of listeners) listener();
}

function current(): AgendaFilterState {
  if (!state) throw new Error('the agenda filters are used before entering the agenda');
  return state;
}

function entryFilters(workspaceId: number, role: string, keep: boolean, card: AgendaCard | null, now: Date) {
  if (card) return cardAgendaFilters(role, card, now);
  const defaults = defaultAgendaFilters(role, now);
  return keep
    ? sanitizeAgendaFilters(readStoredJson(agendaFiltersStorageKey(workspaceId)), defaults)
    : defaults;
}

/**
 * The agenda's filter store (platform.md §3, §4; decision 5). Entering starts from the defaults unless
 * keep-filters is on; entering from a card always starts from that card's filters; 'Limpar' always resets.
 */
export const agendaFilterStore = {
  /** Screen entry; it notifies nobody, since it runs while the agenda renders for the first time. */
  enter(workspaceId: number, role: string, card: AgendaCard | null, now = new Date()): AgendaFilterState {
    const keep = readStoredJson(agendaKeepStorageKey(workspaceId)) === true;
    const next = { workspaceId, role, keep, filters: entryFilters(workspaceId, role, keep, card, now) };
    state = next;
    writeStoredJson(agendaFiltersStorageKey(workspaceId), keep ? next.filters : null);
    return next;
  },
  get: (): AgendaFilterState | null => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<AgendaFilters>): void {
    const now = current();
    commit({ ...now, filters: { ...now.filters, ...patch } });
  },
  setKeep(keep: boolean): void {
    commit({ ...current(), keep });
  },
  clear(now: Date = new Date()): void {
    const before = current();
    commit({ ...before, filters: clearedAgendaFilters(before.role, now) });
  },
};

/** Enters the agenda once per mount (from a card when one is given) and follows the store afterwards. */
export function useAgendaFilters(
  workspaceId: number,
  role: string,
  card: AgendaCard | null,
): AgendaFilterState {
  const [entered] = useState(() => agendaFilterStore.enter(workspaceId, role, card));
  const live = useSyncExternalStore(agendaFilterStore.subscribe, agendaFilterStore.get);
  return live?.workspaceId === workspaceId ? live : entered;
}
