import dayjs from 'dayjs';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { RESPONSE_TIME_ATTENTION_S, RESPONSE_TIME_EXCEEDED_S } from './constants.ts';

// ---------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * 'R$ 1.234,56'. Intl puts a no-break space after 'R$'; it is replaced by a plain
 * space (U+0020) so the text is the same everywhere. Non-finite values format as 0.
 */
export function formatBRL(value: number): string {
  return brl.format(Number.isFinite(value) ? value : 0).replace(/\s/gu, ' ');
}

const GROUPED = /^\d{1,3}(\.\d{3})+$/;

/** Reads '1.234,56', 'R$ 1.234,56', '-R$ 10,00', '1234.5' or '1234'; null when it is not money. */
export function parseBRL(text: string): number | null {
  let s = text.replace(/R\$|\s/gu, '');
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  if (s.includes(',')) s = s.replaceAll('.', '').replace(',', '.');
  else if (GROUPED.test(s)) s = s.replaceAll('.', '');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const value = Math.round(Number(s) * 100) / 100;
  return negative && value !== 0 ? -value : value;
}

// ---------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------

export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** Number for messaging links: 11 digits or fewer get the country code 55. */
export function toWhatsappNumber(phone: string | null | undefined): string {
  const digits = phoneDigits(phone);
  return digits && digits.length <= 11 ? `55${digits}` : digits;
}

/** Number for tel: links: a leading 55 is dropped when there are 12 digits or more. */
export function toTelNumber(phone: string | null | undefined): string {
  const digits = phoneDigits(phone);
  return digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/** National part of a Brazilian number (area code included), without the country code. */
export function brazilianNationalDigits(phone: string | null | undefined): string {
  return toTelNumber(phone);
}

const BR_NATIONAL = /^(\d{2})(\d{4,5})(\d{4})$/;

/**
 * Display form '+55 (11) 98765-4321' or '(11) 3456-7890'. A number written with '+' and
 * another country code is formatted internationally; anything unrecognised is returned as given.
 */
export function formatPhone(phone: string | null | undefined): string {
  const raw = (phone ?? '').trim();
  const digits = phoneDigits(raw);
  if (raw.startsWith('+') && !digits.startsWith('55')) {
    return parsePhoneNumberFromString(raw)?.formatInternational() ?? raw;
  }
  const withCountry = digits.length >= 12 && digits.startsWith('55');
  const match = BR_NATIONAL.exec(withCountry ? digits.slice(2) : digits);
  if (!match) return raw;
  return `${withCountry ? '+55 ' : ''}(${match[1]}) ${match[2]}-${match[3]}`;
}

// ---------------------------------------------------------------------------
// Dates and durations
// ---------------------------------------------------------------------------

export type DateInput = Date | string | number;

export const DATE_FORMAT = 'DD/MM/YYYY';
export const TIME_FORMAT = 'HH[h]mm';
export const TASK_TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** Wire format of task start_timestamp and log created_at. */
export const API_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

function format(value: DateInput, pattern: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/** DD/MM/YYYY, in local time; '' for an invalid date. */
export function formatDate(value: DateInput): string {
  return format(value, DATE_FORMAT);
}

/** HHhmm, e.g. '14h05'. */
export function formatTime(value: DateInput): string {
  return format(value, TIME_FORMAT);
}

/** DD/MM/YYYY HH:mm. */
export function formatDateTime(value: DateInput): string {
  return format(value, DATE_TIME_FORMAT);
}

/** YYYY-MM-DD HH:mm, local time. */
export function formatApiDateTime(value: DateInput): string {
  return format(value, API_DATE_TIME_FORMAT);
}

/** Reads DD/MM/YYYY as a local date at midnight; null when it is not a real date. */
export function parseDate(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getDate() === day && date.getMonth() === month - 1 ? date : null;
}

/** Day label of the chat: 'Hoje', 'Ontem', otherwise DD/MM/YYYY HH:mm. */
export function chatDayLabel(value: DateInput, now: Date = new Date()): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  if (date.isSame(now, 'day')) return 'Hoje';
  if (date.isSame(dayjs(now).subtract(1, 'day'), 'day')) return 'Ontem';
  return date.format(DATE_TIME_FORMAT);
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/** Chat elapsed time: '45s', '3min', '2h', '5d', '1a' (whole units, rounded down). */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s < MINUTE) return `${s}s`;
  if (s < HOUR) return `${Math.floor(s / MINUTE)}min`;
  if (s < DAY) return `${Math.floor(s / HOUR)}h`;
  if (s < YEAR) return `${Math.floor(s / DAY)}d`;
  return `${Math.floor(s / YEAR)}a`;
}

const DURATION_UNITS = [
  { size: DAY, one: 'dia', many: 'dias' },
  { size: HOUR, one: 'hora', many: 'horas' },
  { size: MINUTE, one: 'minuto', many: 'minutos' },
  { size: 1, one: 'segundo', many: 'segundos' },
] as const;

/** A call's length as the dialer's timer shows it: mm:ss ('01:39'). */
export function formatTimer(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Response time in words, the largest unit and the next when not zero: '1 hora e 5 minutos'. */
export function formatDuration(seconds: number): string {
  let rest = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const amounts = DURATION_UNITS.map((unit) => {
    const amount = Math.floor(rest / unit.size);
    rest -= amount * unit.size;
    return { amount, unit };
  });
  const first = amounts.findIndex((a) => a.amount > 0);
  if (first === -1) return '0 segundos';
  return amounts
    .slice(first, first + 2)
    .filter((a) => a.amount > 0)
    .map(({ amount, unit }) => `${amount} ${amount === 1 ? unit.one : unit.many}`)
    .join(' e ');
}

export type ResponseTimeClass = 'acceptable' | 'attention' | 'exceeded';

/** Below 600 s acceptable, 600 s to 1800 s attention, above 1800 s exceeded. */
export function responseTimeClass(seconds: number): ResponseTimeClass {
  if (seconds < RESPONSE_TIME_ATTENTION_S) return 'acceptable';
  return seconds <= RESPONSE_TIME_EXCEEDED_S ? 'attention' : 'exceeded';
}

/** 'Atendido em X' takes the alert style above 600 s. */
export function isResponseTimeAlert(seconds: number): boolean {
  return seconds > RESPONSE_TIME_ATTENTION_S;
}

// ---------------------------------------------------------------------------
// Links in user text
// ---------------------------------------------------------------------------

export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

// One pass finds, in order of appearance: http(s) URLs, bare www. hosts and e-mail addresses.
const LINK =
  /(https?:\/\/[^\s<>"']+)|((?<![\w.@/-])www\.[^\s<>"']+)|((?<![\w.%+-])[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-]))/giu;

/** Punctuation that ends a sentence rather than the link; a ')' stays when it closes a '(' in the link. */
const count = (text: string, char: string): number => text.split(char).length - 1;

function trimTrailing(candidate: string): string {
  let link = candidate;
  for (;;) {
    const last = link.at(-1) ?? '';
    const unbalanced = last === ')' && count(link, ')') > count(link, '(');
    if (!/[.,;:!?'"\]}>]/.test(last) && !unbalanced) return link;
    link = link.slice(0, -1);
  }
}

// URL exists in browsers and in Node; core compiles without DOM or Node typings.
declare const URL: new (
  input: string,
) => { readonly href: string; readonly protocol: string; readonly hostname: string };

export type ParsedUrl = { href: string; protocol: string; hostname: string };

/** The WHATWG parse of an absolute URL, or null. */
export function parseUrl(text: string): ParsedUrl | null {
  try {
    const { href, protocol, hostname } = new URL(text);
    return { href, protocol, hostname };
  } catch {
    return null;
  }
}

const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:'];

function safeHref(href: string): string | null {
  const url = parseUrl(href);
  return url && SAFE_PROTOCOLS.includes(url.protocol) ? url.href : null;
}

function linkPart(match: RegExpExecArray): { text: string; href: string | null } {
  const [, http, www, email] = match;
  if (email) return { text: email, href: safeHref(`mailto:${email}`) };
  const text = trimTrailing(http ?? www ?? '');
  if (http) return { text, href: safeHref(text) };
  return { text, href: /^www\.[^.]/i.test(text) ? safeHref(`https://${text}`) : null };
}

function pushText(parts: TextPart[], text: string): void {
  if (!text) return;
  const last = parts.at(-1);
  if (last?.type === 'text') last.text += text;
  else parts.push({ type: 'text', text });
}

/**
 * Splits user text into plain parts and link parts, for rendering as elements.
 * Never produces HTML; hrefs are only http:, https: or mailto:.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let index = 0;
  for (const match of text.matchAll(LINK)) {
    const { text: linkText, href } = linkPart(match);
    pushText(parts, text.slice(index, match.index));
    if (href && linkText) parts.push({ type: 'link', text: linkText, href });
    else pushText(parts, linkText);
    index = match.index + linkText.length;
  }
  pushText(parts, text.slice(index));
  return parts;
}

/** Text to match literally inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
