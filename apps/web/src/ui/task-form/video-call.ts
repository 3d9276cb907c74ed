import { VIDEO_CALL_DURATION_MINUTES } from '@vendaval/core/constants';
import { DATE_FORMAT } from '@vendaval/core/format';
import { addMinutes, buildIcs, type WallClock } from '@vendaval/core/ics';
import dayjs from 'dayjs';

export const VIDEO_CALL_BASE_URL = 'https://meet.jit.si/';

const WORDS = [
  'Aurora',
  'Brisa',
  'Cometa',
  'Coral',
  'Estrela',
  'Farol',
  'Floresta',
  'Horizonte',
  'Lagoa',
  'Montanha',
  'Oceano',
  'Orvalho',
  'Planalto',
  'Ponte',
  'Savana',
  'Trilha',
];
const SUFFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const SUFFIX_LENGTH = 8;

/** Random integers below `max`, from the browser's cryptographic source: public rooms must not be guessable. */
export type RandomInts = (count: number, max: number) => number[];

const cryptoInts: RandomInts = (count, max) =>
  Array.from(crypto.getRandomValues(new Uint32Array(count)), (n) => n % max);

/** A readable room name with an unguessable tail, e.g. 'Reuniao-BrisaFarol-k3m9x2qa'. */
export function videoRoomName(random: RandomInts = cryptoInts): string {
  const [a = 0, b = 0] = random(2, WORDS.length);
  const suffix = random(SUFFIX_LENGTH, SUFFIX_ALPHABET.length)
    .map((i) => SUFFIX_ALPHABET[i])
    .join('');
  return `Reuniao-${WORDS[a]}${WORDS[b]}-${suffix}`;
}

export type VideoCall = { url: string; start: WallClock; end: WallClock };

export function createVideoCall(start: WallClock, random?: RandomInts): VideoCall {
  return {
    url: `${VIDEO_CALL_BASE_URL}${videoRoomName(random)}`,
    start,
    end: addMinutes(start, VIDEO_CALL_DURATION_MINUTES),
  };
}

/** The line added to 'Observação': 'Videoconferência: <link> (10/03/2025, 14:30 às 15:30)'. */
export function videoCallNote(call: VideoCall): string {
  const day = dayjs(call.start.slice(0, 10)).format(DATE_FORMAT);
  return `Videoconferência: ${call.url} (${day}, ${call.start.slice(11, 16)} às ${call.end.slice(11, 16)})`;
}

export function appendNote(description: string, note: string): string {
  const text = description.trimEnd();
  return text ? `${text}\n${note}` : note;
}

export function videoCallIcs(
  call: VideoCall,
  opportunity: { id: number; name: string },
  title: string,
): string {
  return buildIcs({
    uid: `${call.url.slice(VIDEO_CALL_BASE_URL.length)}@vendaval`,
    start: call.start,
    durationMinutes: VIDEO_CALL_DURATION_MINUTES,
    summary: title || `Videoconferência: ${opportunity.name}`,
    description: `Oportunidade #${opportunity.id} ${opportunity.name}\nSala: ${call.url}`,
    location: call.url,
    url: call.url,
    stamp: new Date(),
  });
}

/** Hands the .ics file to the browser as a download. */
export function downloadIcs(ics: string, fileName = 'videoconferencia.ics'): void {
  const href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
