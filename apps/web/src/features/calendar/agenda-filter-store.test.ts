import { afterEach, describe, expect, it } from 'vitest';
import { cardAgendaPath, cardOfAgendaLink } from '../../lib/agenda-link.ts';
import { agendaFilterStore, agendaFiltersStorageKey, agendaKeepStorageKey } from './agenda-filter-store.ts';
import {
  agendaConditions,
  agendaQuery,
  cardAgendaFilters,
  clearedAgendaFilters,
  countActiveAgendaFilters,
  defaultAgendaFilters,
} from './agenda-filters.ts';

const NOW = new Date('2025-05-31T15:00:00.000Z');
const CARD = { id: 42, name: 'Maria & Filhos' };

afterEach(() => localStorage.clear());

describe('agenda filter defaults', () => {
  it('PLAT-098 PLAT-142 PLAT-143 PLAT-144 PLAT-145 the agenda starts by time, from the role default range, with no end', () => {
    const admin = defaultAgendaFilters('admin', NOW);
    expect(admin).toMatchObject({ sort: 'start_timestamp', end_timestamp: null, only_delayed: false });
    expect(admin.start_timestamp).toBe('2025-02-28T15:00:00.000Z');
    expect(defaultAgendaFilters('salesRep', NOW).start_timestamp).toBe('2025-04-30T15:00:00.000Z');
    expect(defaultAgendaFilters('gerador', NOW).start_timestamp).toBe('2025-04-30T15:00:00.000Z');
    expect(defaultAgendaFilters('master', NOW).start_timestamp).toBe('2025-05-30T15:00:00.000Z');
    expect(defaultAgendaFilters('diretorComercial', NOW).start_timestamp).toBe('2025-05-30T15:00:00.000Z');
  });

  it('PLAT-125 clearing sorts by -start_timestamp; PLAT-123 only a sort off start_timestamp counts as active', () => {
    const cleared = clearedAgendaFilters('manager', NOW);
    expect(cleared.sort).toBe('-start_timestamp');
    expect(countActiveAgendaFilters(cleared)).toBe(0);
    expect(countActiveAgendaFilters(defaultAgendaFilters('manager', NOW))).toBe(0);
    expect(countActiveAgendaFilters({ ...cleared, sort: 'created_at' })).toBe(1);
    expect(
      countActiveAgendaFilters({ ...cleared, sort: '-updated_at', only_delayed: true, user_id: [3] }),
    ).toBe(3);
  });

  it('PLAT-097 PLAT-099 the query carries the chosen filters and leaves out what is empty or off', () => {
    const filters = {
      ...defaultAgendaFilters('manager', NOW),
      end_timestamp: '2025-06-30',
      task_status: ['NotStarted' as const],
      only_delayed: true,
      task_type_id: [5],
    };
    expect(agendaConditions(filters)).toEqual({
      task_status: ['NotStarted'],
      only_delayed: true,
      task_type_id: [5],
    });
    expect(agendaQuery(filters)).toEqual({
      task_status: ['NotStarted'],
      only_delayed: true,
      task_type_id: [5],
      start_timestamp: '2025-02-28T15:00:00.000Z',
      end_timestamp: '2025-06-30',
    });
  });
});

describe('agenda filter store', () => {
  it('PLAT-113 with keep-filters off, entering the agenda again starts from the defaults and stores nothing', () => {
    agendaFilterStore.enter(1, 'admin', NOW);
    agendaFilterStore.update({ only_delayed: true, sort: 'created_at' });
    expect(agendaFilterStore.get()?.filters.only_delayed).toBe(true);
    expect(localStorage.getItem(agendaFiltersStorageKey(1))).toBeNull();
    const again = agendaFilterStore.enter(1, 'admin', NOW);
    expect(again.keep).toBe(false);
    expect(again.filters).toEqual(defaultAgendaFilters('admin', NOW));
  });

  it('PLAT-115 with keep-filters on, the filters come back on the next entry, per workspace', () => {
    agendaFilterStore.enter(1, 'manager', NOW);
    agendaFilterStore.setKeep(true);
    agendaFilterStore.update({ task_status: ['Completed'], user_id: [7] });
    expect(localStorage.getItem(agendaKeepStorageKey(1))).toBe('true');
    expect(agendaFilterStore.enter(2, 'manager', NOW).filters.user_id).toEqual([]);
    const back = agendaFilterStore.enter(1, 'manager', new Date('2025-06-15T10:00:00.000Z'));
    expect(back.keep).toBe(true);
    expect(back.filters).toMatchObject({ task_status: ['Completed'], user_id: [7] });
  });

  it('PLAT-114 decision 5: clearing resets to the cleared defaults even with keep-filters on', () => {
    agendaFilterStore.enter(1, 'salesRep', NOW);
    agendaFilterStore.setKeep(true);
    agendaFilterStore.update({ only_delayed: true, parent_id: 9, opportunity: 'X' });
    agendaFilterStore.clear(NOW);
    expect(agendaFilterStore.get()?.filters).toEqual(clearedAgendaFilters('salesRep', NOW));
    expect(agendaFilterStore.get()?.keep).toBe(true);
  });

  it('stored filters of the wrong kind are dropped for the defaults', () => {
    localStorage.setItem(agendaKeepStorageKey(1), 'true');
    localStorage.setItem(
      agendaFiltersStorageKey(1),
      JSON.stringify({ sort: 'name', user_id: ['a'], only_delayed: true, task_status: ['Perdido'] }),
    );
    const entered = agendaFilterStore.enter(1, 'admin', NOW);
    expect(entered.filters).toEqual({ ...defaultAgendaFilters('admin', NOW), only_delayed: true });
  });
});

describe('the agenda of a card', () => {
  it('PLAT-116 PLAT-117 entering from a card resets the filters to that card from 2021-01-01, even with kept filters', () => {
    agendaFilterStore.enter(1, 'manager', NOW);
    agendaFilterStore.setKeep(true);
    agendaFilterStore.update({ only_delayed: true, user_id: [3], sort: '-created_at' });
    const entered = agendaFilterStore.enter(1, 'manager', NOW, cardAgendaFilters('manager', CARD, NOW));
    expect(entered.filters).toEqual({
      ...defaultAgendaFilters('manager', NOW),
      parent_id: 42,
      opportunity: 'Maria & Filhos',
      start_timestamp: '2021-01-01',
    });
    expect(agendaQuery(entered.filters)).toEqual({ parent_id: 42, start_timestamp: '2021-01-01' });
  });

  it('PLAT-116 the card link names the card, and reading it back gives the same card', () => {
    const path = cardAgendaPath(CARD);
    expect(path.startsWith('/calendar?')).toBe(true);
    expect(cardOfAgendaLink(new URLSearchParams(path.split('?')[1]))).toEqual(CARD);
    expect(cardOfAgendaLink(new URLSearchParams('parent_id=abc'))).toBeNull();
    expect(cardOfAgendaLink(new URLSearchParams('parent_id=7'))).toEqual({ id: 7, name: '#7' });
  });
});
