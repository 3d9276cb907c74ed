import { APP_TIME_ZONE } from '@vendaval/core/constants';

const DAY_MS = 86_400_000;
const weekday = new Intl.DateTimeFormat('en-US', { timeZone: APP_TIME_ZONE, weekday: 'short' });
const isWeekend = (at: Date) => ['Sat', 'Sun'].includes(weekday.format(at));

/**
 * The same time `days` business days (Monday to Friday, Brasília's calendar) after `from`: a wait started on a
 * weekend counts from Monday. No holiday list exists yet, so holidays count as business days.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  for (let left = days; left > 0; ) {
    at += DAY_MS;
    if (!isWeekend(new Date(at))) left--;
  }
  return new Date(at);
}
