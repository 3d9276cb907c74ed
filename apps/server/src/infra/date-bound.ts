import { APP_TIME_ZONE } from '@vendaval/core/constants';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type Bind, inline } from './prepared.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day ('YYYY-MM-DD') rather than an instant. */
export const isCalendarDay = (value: string) => DAY.test(value);

/** 'YYYY-MM-DD' is that whole day in Brasília time; an instant is taken as it is. Both ends are inclusive. */
export function dateBound(column: AnyColumn, value: string, edge: 'start' | 'end', bind: Bind = inline): SQL {
  if (isCalendarDay(value)) {
    return edge === 'start'
      ? sql`${column} >= (${bind(value)}::date)::timestamp at time zone ${APP_TIME_ZONE}`
      : sql`${column} < (${bind(value)}::date + 1)::timestamp at time zone ${APP_TIME_ZONE}`;
  }
  const instant = bind(new Date(value).toISOString());
  return edge === 'start' ? sql`${column} >= ${instant}` : sql`${column} <= ${instant}`;
}
