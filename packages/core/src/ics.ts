import { APP_TIME_ZONE } from './constants.ts';

// iCalendar (RFC 5545) text for one event, as the task form's videoconference downloads it.

/** 'YYYY-MM-DD HH:mm', a wall-clock time of the app's time zone (as tasks store it). */
export type WallClock = string;

export type IcsEvent = {
  uid: string;
  start: WallClock;
  durationMinutes: number;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** When the file is made (DTSTAMP, in UTC). */
  stamp: Date;
};

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/;
// Brazil has kept one offset all year since 2019, so a single STANDARD rule describes the zone.
const APP_TIME_ZONE_OFFSET = '-0300';
const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

function parseWallClock(value: WallClock): Date {
  const match = WALL_CLOCK.exec(value);
  if (!match) throw new Error(`not a wall-clock time: ${value}`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

/** The wall-clock time `minutes` later (calendar arithmetic, no time-zone shifts). */
export function addMinutes(value: WallClock, minutes: number): WallClock {
  const date = new Date(parseWallClock(value).getTime() + minutes * 60_000);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

function icsLocal(value: WallClock): string {
  const d = parseWallClock(value);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
}

function icsUtc(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** TEXT value escaping: backslash, semicolon, comma and line breaks. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** Splits a content line into lines of at most 75 octets, never inside a character; continuations start with a space. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** A VCALENDAR with one VEVENT, lines folded and ended by CRLF. */
export function buildIcs(event: IcsEvent): string {
  const tz = `TZID=${APP_TIME_ZONE}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vendaval CRM//Videoconferencia//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${APP_TIME_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${APP_TIME_ZONE_OFFSET}`,
    `TZOFFSETTO:${APP_TIME_ZONE_OFFSET}`,
    'TZNAME:-03',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART;${tz}:${icsLocal(event.start)}`,
    `DTEND;${tz}:${icsLocal(addMinutes(event.start, event.durationMinutes))}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    // URL is a URI value, not TEXT: it is written as it is.
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
