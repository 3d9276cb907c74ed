import { createFilterStore, type FilterState, useFilterStore } from '../../lib/filter-store.ts';
import { useKeepFiltersDefault } from '../../lib/use-workspace-settings-query.ts';
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

/** The agenda's filter store: 'Limpar' resets and sorts by descending start (platform.md §9). */
export const agendaFilterStore = createFilterStore<AgendaFilters>({
  filtersKey: agendaFiltersStorageKey,
  keepKey: agendaKeepStorageKey,
  defaults: defaultAgendaFilters,
  cleared: clearedAgendaFilters,
  sanitize: sanitizeAgendaFilters,
});

/** Enters the agenda once per mount, from a card's filters when a card is given (platform.md §4). */
export const useAgendaFilters = (
  workspaceId: number,
  role: string,
  card: AgendaCard | null,
): FilterState<AgendaFilters> =>
  useFilterStore(
    agendaFilterStore,
    workspaceId,
    role,
    card ? (now) => cardAgendaFilters(role, card, now) : undefined,
    useKeepFiltersDefault(),
  );
