import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import {
  boardEntryOf,
  changeFrom,
  dashboardQuery,
  defaultDashboardFilter,
  previousPeriod,
} from './dashboard-filter.ts';

const NOW = new Date('2026-05-30T15:00:00Z');

describe('dashboard filter', () => {
  it("PLAT-102 PLAT-103 starts on the role's default range up to today, on updated_at, for everyone", () => {
    expect(defaultDashboardFilter('admin', NOW)).toEqual({
      start: '2026-02-28',
      end: '2026-05-30',
      date_type: 'updated_at',
      user_id: null,
    });
    expect(defaultDashboardFilter('salesRep', NOW).start).toBe('2026-04-30');
    expect(dashboardQuery({ ...defaultDashboardFilter('admin', NOW), user_id: 7 })).toEqual({
      start_timestamp: '2026-02-28',
      end_timestamp: '2026-05-30',
      date_type: 'updated_at',
      user_id: [7],
    });
  });

  it('compares with as many days just before', () => {
    const march = { start: '2026-03-01', end: '2026-03-31', date_type: 'created_at', user_id: null } as const;
    expect(previousPeriod(march)).toMatchObject({ start: '2026-01-29', end: '2026-02-28' });
    expect(changeFrom(15, 10)).toBe(0.5);
    expect(changeFrom(3, 0)).toBeNull();
  });

  it("opens the board on the bar's cards: the same period, date and person", () => {
    const filter = { start: '2026-03-01', end: '2026-03-31', date_type: 'created_at', user_id: 4 } as const;
    expect(boardEntryOf(filter, { sales_stage_id: [9] })).toEqual({
      timestamp_attribute: 'created_at',
      start_timestamp: '2026-03-01',
      end_timestamp: '2026-03-31',
      user_id: [4],
      sales_stage_id: [9],
    });
  });

  it('CSV: semicolons, a BOM and no formula from a name', () => {
    const csv = toCsv(
      ['Campanha', 'Oportunidades'],
      [
        ['=HYPERLINK("x")', 3],
        ['Volta às Aulas', 2],
      ],
    );
    expect(csv).toBe('\ufeffCampanha;Oportunidades\n"\'=HYPERLINK(""x"")";3\nVolta às Aulas;2\n');
  });
});
