import { afterEach, describe, expect, it } from 'vitest';
import {
  boardFilterStore,
  boardFiltersStorageKey,
  entryBoardFilters,
  keepFiltersStorageKey,
} from './board-filter-store.ts';
import { boardQuery, countActiveFilters, defaultBoardFilters, sanitizeFilters } from './board-filters.ts';

const NOW = new Date('2025-05-31T15:00:00.000Z');

afterEach(() => localStorage.clear());

describe('board filter defaults', () => {
  it('PLAT-101 PLAT-142 PLAT-143 PLAT-144 PLAT-145 the board starts on updated_at, from the role default range, with no end', () => {
    const admin = defaultBoardFilters('admin', NOW);
    expect(admin.timestamp_attribute).toBe('updated_at');
    expect(admin.start_timestamp).toBe(new Date('2025-02-28T15:00:00.000Z').toISOString());
    expect(admin.end_timestamp).toBeNull();
    expect(defaultBoardFilters('salesRep', NOW).start_timestamp).toBe('2025-04-30T15:00:00.000Z');
    expect(defaultBoardFilters('ceo', NOW).start_timestamp).toBe('2025-05-30T15:00:00.000Z');
    expect(defaultBoardFilters('diretorComercial', NOW).start_timestamp).toBe('2025-05-30T15:00:00.000Z');
  });
});

describe('board filter store', () => {
  it('PLAT-113 with keep-filters off, entering the board again starts from the defaults and stores nothing', () => {
    boardFilterStore.enter(1, 'admin', NOW);
    boardFilterStore.update({ user_id: [8], has_product: true });
    expect(boardFilterStore.get()?.filters.user_id).toEqual([8]);
    expect(localStorage.getItem(boardFiltersStorageKey(1))).toBeNull();

    const again = boardFilterStore.enter(1, 'admin', NOW);
    expect(again.keep).toBe(false);
    expect(again.filters).toEqual(defaultBoardFilters('admin', NOW));
  });

  it('PLAT-115 with keep-filters on, the filters come back on the next entry, per workspace, under vendaval.', () => {
    boardFilterStore.enter(1, 'manager', NOW);
    boardFilterStore.setKeep(true);
    boardFilterStore.update({ tags: [3, 4], probability: 80, city_name: 'Campinas' });
    expect(boardFiltersStorageKey(1).startsWith('vendaval.')).toBe(true);
    expect(keepFiltersStorageKey(1).startsWith('vendaval.')).toBe(true);

    const other = boardFilterStore.enter(2, 'manager', NOW);
    expect(other.keep).toBe(false);
    expect(other.filters.tags).toEqual([]);

    const later = new Date('2025-06-15T10:00:00.000Z');
    const back = boardFilterStore.enter(1, 'manager', later);
    expect(back.keep).toBe(true);
    expect(back.filters).toMatchObject({ tags: [3, 4], probability: 80, city_name: 'Campinas' });
    // The kept range is the one the user had, not a new default.
    expect(back.filters.start_timestamp).toBe(defaultBoardFilters('manager', NOW).start_timestamp);
  });

  it('PLAT-114 decision 5: clearing goes back to the defaults even with keep-filters on, and stores them', () => {
    boardFilterStore.enter(1, 'salesRep', NOW);
    boardFilterStore.setKeep(true);
    boardFilterStore.update({
      source_type: ['Offline'],
      timestamp_attribute: 'created_at',
      end_timestamp: '2025-05-01',
    });
    const clearedAt = new Date('2025-06-01T12:00:00.000Z');
    boardFilterStore.clear(clearedAt);
    const state = boardFilterStore.get();
    expect(state?.keep).toBe(true);
    expect(state?.filters).toEqual(defaultBoardFilters('salesRep', clearedAt));
    expect(JSON.parse(localStorage.getItem(boardFiltersStorageKey(1)) ?? 'null')).toEqual(
      defaultBoardFilters('salesRep', clearedAt),
    );
  });

  it('PLAT-113 turning keep-filters off forgets the stored filters', () => {
    boardFilterStore.enter(1, 'admin', NOW);
    boardFilterStore.setKeep(true);
    boardFilterStore.update({ is_blacklisted: true });
    expect(localStorage.getItem(boardFiltersStorageKey(1))).not.toBeNull();
    boardFilterStore.setKeep(false);
    expect(localStorage.getItem(boardFiltersStorageKey(1))).toBeNull();
    // Off is remembered as the user's choice, so a workspace default of on does not override it.
    expect(localStorage.getItem(keepFiltersStorageKey(1))).toBe('false');
    expect(boardFilterStore.enter(1, 'admin', NOW, undefined, true).keep).toBe(false);
    expect(boardFilterStore.enter(1, 'admin', NOW).filters.is_blacklisted).toBe(false);
  });

  it('PLAT-113 PLAT-115 until the user chooses, keep-filters follows the workspace default, also when it loads late', () => {
    const on = boardFilterStore.enter(1, 'admin', NOW, undefined, true);
    expect(on.keep).toBe(true);
    boardFilterStore.update({ tags: [7] });
    expect(localStorage.getItem(keepFiltersStorageKey(1))).toBeNull();
    expect(boardFilterStore.enter(1, 'admin', NOW, undefined, true).filters.tags).toEqual([7]);
    // Entered before the workspace answered: the default applies once it arrives.
    boardFilterStore.enter(2, 'admin', NOW);
    boardFilterStore.adoptKeepDefault(true);
    expect(boardFilterStore.get()?.keep).toBe(true);
    // The workspace default of off, after the user chose on, changes nothing.
    boardFilterStore.setKeep(true);
    boardFilterStore.adoptKeepDefault(false);
    expect(boardFilterStore.get()?.keep).toBe(true);
    expect(boardFilterStore.enter(2, 'admin', NOW, undefined, false).keep).toBe(true);
  });

  it('stored filters of the wrong shape fall back to the defaults field by field', () => {
    localStorage.setItem(keepFiltersStorageKey(1), 'true');
    localStorage.setItem(
      boardFiltersStorageKey(1),
      JSON.stringify({
        user_id: 'x',
        tags: [5],
        probability: '60',
        timestamp_attribute: 'telefone',
        idle_only: true,
      }),
    );
    const { filters } = boardFilterStore.enter(1, 'admin', NOW);
    expect(filters).toEqual({ ...defaultBoardFilters('admin', NOW), tags: [5], idle_only: true });
    localStorage.setItem(boardFiltersStorageKey(1), '{not json');
    expect(boardFilterStore.enter(1, 'admin', NOW).filters).toEqual(defaultBoardFilters('admin', NOW));
  });

  it('PLAT-118 entered from a user, the user filter is preset to that user; other filters follow the usual entry', () => {
    const { filters } = boardFilterStore.enter(
      1,
      'admin',
      NOW,
      entryBoardFilters('admin', { user_id: [42] }, NOW),
    );
    expect(filters).toEqual({ ...defaultBoardFilters('admin', NOW), user_id: [42] });
    expect(boardFilterStore.enter(1, 'admin', NOW).filters.user_id).toEqual([]);
  });

  it("entered from a chart's bar, the board takes its period, stage and campaign; a value of the wrong kind is dropped", () => {
    const entry = {
      timestamp_attribute: 'created_at' as const,
      start_timestamp: '2026-01-01',
      end_timestamp: '2026-01-31',
      sales_stage_id: [7],
      campaign_id: ['x' as unknown as number],
    };
    const { filters } = boardFilterStore.enter(1, 'admin', NOW, entryBoardFilters('admin', entry, NOW));
    expect(filters).toEqual({
      ...defaultBoardFilters('admin', NOW),
      timestamp_attribute: 'created_at',
      start_timestamp: '2026-01-01',
      end_timestamp: '2026-01-31',
      sales_stage_id: [7],
    });
  });

  it('notifies its subscribers on every change', () => {
    boardFilterStore.enter(1, 'admin', NOW);
    let calls = 0;
    const stop = boardFilterStore.subscribe(() => calls++);
    boardFilterStore.update({ no_interaction: true });
    boardFilterStore.setKeep(true);
    boardFilterStore.clear(NOW);
    stop();
    boardFilterStore.update({ idle_only: true });
    expect(calls).toBe(3);
  });
});

describe('active-filter check', () => {
  it('PLAT-121 PLAT-122 booleans, lists and a numeric probability count; the date range does not', () => {
    const defaults = defaultBoardFilters('admin', NOW);
    expect(countActiveFilters(defaults)).toBe(0);
    expect(
      countActiveFilters({
        ...defaults,
        timestamp_attribute: 'closed_at',
        start_timestamp: '2025-01-01',
        end_timestamp: '2025-02-01',
      }),
    ).toBe(0);
    expect(countActiveFilters({ ...defaults, idle_only: true })).toBe(1);
    expect(countActiveFilters({ ...defaults, idle_only: false })).toBe(0);
    expect(countActiveFilters({ ...defaults, product_id: [1, 2] })).toBe(1);
    expect(countActiveFilters({ ...defaults, probability: 20 })).toBe(1);
    expect(countActiveFilters({ ...defaults, city_name: '  ' })).toBe(0);
    expect(
      countActiveFilters({
        ...defaults,
        tags: [1],
        user_id: [7],
        state_code: ['SP'],
        city_name: 'Santos',
        probability: 100,
        has_product: true,
        is_blacklisted: true,
      }),
    ).toBe(7);
  });
});

describe('board query', () => {
  it('sends the chosen filters and the search; empty lists and switched-off booleans stay out', () => {
    const defaults = defaultBoardFilters('admin', NOW);
    expect(boardQuery(defaults, '  ')).toEqual({
      timestamp_attribute: 'updated_at',
      start_timestamp: defaults.start_timestamp,
    });
    expect(
      boardQuery(
        { ...defaults, user_id: [7, 8], probability: 60, has_campaign: true, city_name: ' Santos ' },
        ' #12 ',
      ),
    ).toEqual({
      timestamp_attribute: 'updated_at',
      start_timestamp: defaults.start_timestamp,
      user_id: [7, 8],
      probability: [60],
      has_campaign: true,
      city_name: 'Santos',
      search: '#12',
    });
  });

  it("the forms filter sends the chosen forms' public ids; stored ids of another kind are dropped", () => {
    const defaults = defaultBoardFilters('admin', NOW);
    expect(boardQuery({ ...defaults, forms: ['AbCdEfGh12345678'] }, '')).toMatchObject({
      forms: ['AbCdEfGh12345678'],
    });
    expect(countActiveFilters({ ...defaults, forms: ['AbCdEfGh12345678'] })).toBe(1);
    expect(sanitizeFilters({ ...defaults, forms: [7] }, defaults).forms).toEqual([]);
    expect(sanitizeFilters({ ...defaults, forms: ['x1'] }, defaults).forms).toEqual(['x1']);
  });

  it('PLAT-128 PLAT-129 the call filters: "no call" counts like "a call"; stored values of another kind are dropped', () => {
    const defaults = defaultBoardFilters('admin', NOW);
    const uncalled = { ...defaults, has_call: false };
    expect(countActiveFilters(uncalled)).toBe(1);
    expect(boardQuery(uncalled, '')).toMatchObject({ has_call: false });
    expect(boardQuery(defaults, '')).not.toHaveProperty('has_call');
    expect(
      countActiveFilters({
        ...defaults,
        has_call: true,
        call_answering: 'answered',
        call_duration: ['DurationLessThanAMinute'],
      }),
    ).toBe(3);
    const stored = { ...defaults, has_call: 'sim', call_answering: 'talvez', timestamp_attribute: 'voip' };
    expect(sanitizeFilters(stored, defaults)).toEqual({ ...defaults, timestamp_attribute: 'voip' });
    expect(sanitizeFilters({ ...defaults, call_answering: 'not_answered' }, defaults).call_answering).toBe(
      'not_answered',
    );
  });
});
