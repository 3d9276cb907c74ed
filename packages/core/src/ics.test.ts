import { describe, expect, it } from 'vitest';
import { addMinutes, buildIcs, escapeIcsText, foldIcsLine } from './ics.ts';

const event = {
  uid: 'videochamada-42@vendaval',
  start: '2025-03-10 14:30',
  durationMinutes: 60,
  summary: 'Videoconferência: Maria, mãe do João; 2º ano',
  description: 'Link da sala:\nhttps://meet.jit.si/Reuniao-BrisaCometa-ab12cd',
  location: 'https://meet.jit.si/Reuniao-BrisaCometa-ab12cd',
  url: 'https://meet.jit.si/Reuniao-BrisaCometa-ab12cd',
  stamp: new Date(Date.UTC(2025, 2, 1, 12, 5, 9)),
};

/** UTF-8 length: each percent-escape of encodeURIComponent is one octet. */
const octets = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, 'x').length;

/** The logical lines of an ICS text: CRLF-separated, folded lines joined back. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('ICS builder', () => {
  it('OPP-178 the videoconference event lasts 1 hour from the chosen time, in Brasília time', () => {
    const lines = unfold(buildIcs(event));
    expect(lines).toContain('DTSTART;TZID=America/Sao_Paulo:20250310T143000');
    expect(lines).toContain('DTEND;TZID=America/Sao_Paulo:20250310T153000');
    expect(lines).toContain('DTSTAMP:20250301T120509Z');
    expect(lines).toContain('TZID:America/Sao_Paulo');
    expect(lines).toContain('TZOFFSETTO:-0300');
  });

  it('OPP-178 an event late in the evening ends on the next day', () => {
    const lines = unfold(buildIcs({ ...event, start: '2025-12-31 23:30' }));
    expect(lines).toContain('DTEND;TZID=America/Sao_Paulo:20260101T003000');
  });

  it('OPP-178 writes a calendar with one event, every line ended by CRLF', () => {
    const ics = buildIcs(event);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('OPP-178 escapes text values and leaves the URL as it is', () => {
    const lines = unfold(buildIcs(event));
    expect(lines).toContain('SUMMARY:Videoconferência: Maria\\, mãe do João\\; 2º ano');
    expect(lines).toContain('DESCRIPTION:Link da sala:\\nhttps://meet.jit.si/Reuniao-BrisaCometa-ab12cd');
    expect(lines).toContain('URL:https://meet.jit.si/Reuniao-BrisaCometa-ab12cd');
    expect(escapeIcsText('a\\b;c,d\r\ne\rf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('OPP-178 leaves out optional properties that are empty', () => {
    const ics = buildIcs({ ...event, description: undefined, location: '', url: undefined });
    expect(ics).not.toMatch(/DESCRIPTION|LOCATION|URL:/);
  });

  it('OPP-178 folds long lines at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'ç'.repeat(100)}`;
    const folded = foldIcsLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldIcsLine('SHORT:line')).toBe('SHORT:line');
  });

  it('OPP-178 adds minutes to a wall-clock time across days and months', () => {
    expect(addMinutes('2025-03-10 14:30', 60)).toBe('2025-03-10 15:30');
    expect(addMinutes('2025-02-28 23:45', 30)).toBe('2025-03-01 00:15');
    expect(() => addMinutes('10/03/2025', 60)).toThrow();
  });
});
