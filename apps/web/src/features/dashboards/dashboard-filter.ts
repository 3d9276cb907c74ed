import { defaultDateRangeFrom } from '@vendaval/core/permissions';
import dayjs from 'dayjs';
import type { BoardEntryFilters } from '../../lib/board-entry.ts';
import type { Query } from '../../lib/http.ts';

/** The dashboard filter of platform.md §3: whole days, which date of the card they apply to, one person or all. */
export type DashboardFilter = {
  /** 'YYYY-MM-DD', both ends included. */
  start: string;
  end: string;
  date_type: 'created_at' | 'updated_at';
  user_id: number | null;
};

const DAY = 'YYYY-MM-DD';

/** The role's default range up to today, on updated_at (PLAT-103). */
export function defaultDashboardFilter(role: string, now: Date): DashboardFilter {
  return {
    start: dayjs(defaultDateRangeFrom(role, now).start).format(DAY),
    end: dayjs(now).format(DAY),
    date_type: 'updated_at',
    user_id: null,
  };
}

/** The query every dashboard endpoint takes. */
export function dashboardQuery(filter: DashboardFilter): Query {
  return {
    start_timestamp: filter.start,
    end_timestamp: filter.end,
    date_type: filter.date_type,
    ...(filter.user_id === null ? {} : { user_id: [filter.user_id] }),
  };
}

/** As many days just before the period: what each figure is compared with. */
export function previousPeriod(filter: DashboardFilter): DashboardFilter {
  const start = dayjs(filter.start);
  const days = dayjs(filter.end).diff(start, 'day') + 1;
  const end = start.subtract(1, 'day');
  return { ...filter, start: end.subtract(days - 1, 'day').format(DAY), end: end.format(DAY) };
}

/** The board on the same cards as a chart's bar: the same period, date and person, plus the bar's own filter. */
export function boardEntryOf(filter: DashboardFilter, bar: BoardEntryFilters): BoardEntryFilters {
  return {
    timestamp_attribute: filter.date_type,
    start_timestamp: filter.start,
    end_timestamp: filter.end,
    user_id: filter.user_id === null ? [] : [filter.user_id],
    ...bar,
  };
}

/** The change from the previous period as a fraction (0.25 = 25% more); null when there is nothing to compare. */
export function changeFrom(current: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0) return null;
  return (current - previous) / previous;
}
