import { describe, expect, it } from 'vitest';
import { appendNote, createVideoCall, videoCallIcs, videoCallNote, videoRoomName } from './video-call.ts';

const sequence = (values: number[]) => {
  let i = 0;
  return (count: number, max: number) => Array.from({ length: count }, () => (values[i++] ?? 0) % max);
};

describe('videoconference', () => {
  it('OPP-178 the call lasts 1 hour from the chosen time', () => {
    const call = createVideoCall('2025-03-10 14:30', sequence([1, 2, 3]));
    expect(call.start).toBe('2025-03-10 14:30');
    expect(call.end).toBe('2025-03-10 15:30');
    expect(call.url).toMatch(/^https:\/\/meet\.jit\.si\/Reuniao-[A-Z][a-z]+[A-Z][a-z]+-[a-z2-9]{8}$/);
    expect(videoCallNote(call)).toBe(`Videoconferência: ${call.url} (10/03/2025, 14:30 às 15:30)`);
  });

  it('OPP-178 names rooms from the random source, so two calls get different rooms', () => {
    expect(videoRoomName(sequence([0, 1, 0]))).toBe('Reuniao-AuroraBrisa-aaaaaaaa');
    expect(videoRoomName()).not.toBe(videoRoomName());
  });

  it('OPP-178 appends the link to the observation on a line of its own', () => {
    expect(appendNote('', 'link')).toBe('link');
    expect(appendNote('Ligar antes.\n', 'link')).toBe('Ligar antes.\nlink');
  });

  it('OPP-178 the calendar file holds the one-hour event with the room link', () => {
    const call = createVideoCall('2025-03-10 23:30', sequence([4]));
    const ics = videoCallIcs(call, { id: 42, name: 'Maria, mãe do João' }, '').replace(/\r\n /g, '');
    expect(ics).toContain('DTSTART;TZID=America/Sao_Paulo:20250310T233000\r\n');
    expect(ics).toContain('DTEND;TZID=America/Sao_Paulo:20250311T003000\r\n');
    expect(ics).toContain('SUMMARY:Videoconferência: Maria\\, mãe do João\r\n');
    expect(ics).toContain(`URL:${call.url}\r\n`);
  });
});
