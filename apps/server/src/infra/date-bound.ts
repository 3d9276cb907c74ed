import { APP_TIME_ZONE } from '@vendaval/core/constants';
import { type AnyColumn, gte, lte, type SQL, sql } from 'drizzle-orm';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day ('YYYY-MM-DD') rather than an instant. */
export const isCalendarDay = (value: string) => DAY.test(value);

/** 'YYYY-MM-DD' is that whole day in Brasília time; an instant is taken as it is. Both ends are inclusive. */
export function dateBound(column: AnyColumn, value: string, edge: 'start' | 'end'): SQL {
  if (isCalendarDay(value)) {
    return edge === 'start'
      ? sql`${column} >= (${value}::date)::timestamp at time zone ${APP_TIME_ZONE}`
      : sql`${column} < (${value}::date + 1)::timestamp at time zone ${APP_TIME_ZONE}`;
  }
  return edge === 'start' ? gte(column, new Date(value)) : lte(column, new Date(value));
}
