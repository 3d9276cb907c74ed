import { APP_TIME_ZONE } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { badRequest } from '../../infra/errors.ts';

/** 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or with seconds; an instant when it carries a zone (Z or ±hh:mm). */
const WALL_CLOCK =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_MS = 86_400_000;
const brasilia = new Intl.DateTimeFormat('sv-SE', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Brasília's wall clock at an instant, 'YYYY-MM-DD HH:mm:ss'. */
export const wallClockOf = (instant: Date) => brasilia.format(instant);

/** A Brasília wall-clock time, held as a Date whose UTC fields are that time, and how precisely it was given. */
interface WallClock {
  at: Date;
  stepMs: number;
}

/**
 * Reads a time the client sends. Wall-clock times are taken as they are; a time with a zone is an instant and
 * becomes Brasília's wall clock at that instant. Impossible dates (31 of February, 25:00) answer 400.
 */
function parseWallClock(value: string, field: string): WallClock {
  const match = WALL_CLOCK.exec(value.trim());
  if (!match) throw badRequest(MESSAGES.invalidDateTime, field);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day && hour < 24;
  if (!real || minute > 59 || second > 59) throw badRequest(MESSAGES.invalidDateTime, field);
  const stepMs = match[6] !== undefined ? 1000 : match[4] !== undefined ? 60_000 : DAY_MS;
  if (match[7] === undefined) return { at, stepMs };
  const instant = new Date(value.trim().replace(' ', 'T'));
  if (Number.isNaN(instant.getTime())) throw badRequest(MESSAGES.invalidDateTime, field);
  return { at: new Date(`${wallClockOf(instant).replace(' ', 'T')}Z`), stepMs };
}

/** 'YYYY-MM-DD HH:mm:ss', as PostgreSQL reads a timestamp without time zone. */
const formatWallClock = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/** Lower bound (inclusive) of a filter: a bare date starts at midnight. */
export const wallClockFrom = (value: string, field: string) =>
  formatWallClock(parseWallClock(value, field).at);

/**
 * Upper bound, exclusive: the end of what was given, so a bare date covers the whole day and 'HH:mm' the whole
 * minute.
 */
export function wallClockBefore(value: string, field: string) {
  const { at, stepMs } = parseWallClock(value, field);
  return formatWallClock(new Date(at.getTime() + stepMs));
}

/** A task's start ('YYYY-MM-DD HH:mm'), checked to be a real date and time. */
export function taskStart(value: string, field: string) {
  parseWallClock(value, field);
  return value;
}
