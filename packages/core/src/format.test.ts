import { describe, expect, it } from 'vitest';
import {
  brazilianNationalDigits,
  chatDayLabel,
  formatApiDateTime,
  formatBRL,
  formatDate,
  formatDateTime,
  formatDuration,
  formatElapsed,
  formatPhone,
  formatTime,
  formatTimer,
  isResponseTimeAlert,
  linkify,
  parseBRL,
  parseDate,
  parseUrl,
  phoneDigits,
  responseTimeClass,
  toTelNumber,
  toWhatsappNumber,
} from './format.ts';

describe('money', () => {
  it('PLAT-196 PLAT-282 formats BRL with R$ prefix, dot thousands, comma decimals and 2 places', () => {
    expect(formatBRL(1234.56)).toBe('R$ 1.234,56');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(9_999_999.99)).toBe('R$ 9.999.999,99');
    expect(formatBRL(1.5)).toBe('R$ 1,50');
    expect(formatBRL(-0.5)).toBe('-R$ 0,50');
  });

  it('PLAT-196 the space after R$ is a plain space, and non-finite values show zero', () => {
    expect(formatBRL(10).charCodeAt(2)).toBe(0x20);
    expect(formatBRL(Number.NaN)).toBe('R$ 0,00');
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe('R$ 0,00');
  });

  it('PLAT-196 parses Brazilian money text back to a number', () => {
    expect(parseBRL('R$ 1.234,56')).toBe(1234.56);
    expect(parseBRL('R$\u00a01.234,56')).toBe(1234.56);
    expect(parseBRL('1.234')).toBe(1234);
    expect(parseBRL('1234,5')).toBe(1234.5);
    expect(parseBRL('1234.5')).toBe(1234.5);
    expect(parseBRL('-R$ 10,00')).toBe(-10);
    expect(parseBRL('0,005')).toBe(0.01);
  });

  it('PLAT-196 text that is not money parses to null', () => {
    for (const text of ['', 'abc', '12,3,4', '1.23.4', 'R$', '1e5']) expect(parseBRL(text), text).toBeNull();
  });

  it('PLAT-196 formatting then parsing returns the same amount', () => {
    for (const value of [0, 0.01, 12.3, 1234.56, 9_999_999.99])
      expect(parseBRL(formatBRL(value))).toBe(value);
  });
});

describe('phone numbers', () => {
  it('PLAT-192 non-digits are stripped', () => {
    expect(phoneDigits('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(phoneDigits(null)).toBe('');
  });

  it('PLAT-193 messaging numbers with 11 digits or fewer get 55 prepended', () => {
    expect(toWhatsappNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(toWhatsappNumber('1134567890')).toBe('551134567890');
    expect(toWhatsappNumber('5511987654321')).toBe('5511987654321');
    expect(toWhatsappNumber('')).toBe('');
  });

  it('PLAT-194 tel links drop a leading 55 when the number has 12+ digits', () => {
    expect(toTelNumber('+55 11 98765-4321')).toBe('11987654321');
    expect(toTelNumber('551134567890')).toBe('1134567890');
    expect(toTelNumber('55987654321')).toBe('55987654321');
    expect(toTelNumber('441134567890')).toBe('441134567890');
  });

  it('OPP-070 the national part of a Brazilian number excludes the country code', () => {
    expect(brazilianNationalDigits('+55 11 98765-4321')).toHaveLength(11);
    expect(brazilianNationalDigits('98765-4321')).toHaveLength(9);
  });

  it('PLAT-195 displays optional +55, (area code), 4-5 digits, hyphen, 4 digits', () => {
    expect(formatPhone('5511987654321')).toBe('+55 (11) 98765-4321');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('+55 11 3456 7890')).toBe('+55 (11) 3456-7890');
  });

  it('PLAT-195 foreign numbers are formatted internationally and unknown text is kept', () => {
    expect(formatPhone('+12025550123')).toBe('+1 202 555 0123');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('dates', () => {
  const date = new Date(2024, 2, 5, 14, 5, 9);

  it('OPP-212 history dates show DD/MM/YYYY and times HHhmm', () => {
    expect(formatDate(date)).toBe('05/03/2024');
    expect(formatTime(date)).toBe('14h05');
    expect(formatTime(new Date(2024, 0, 1, 9, 0))).toBe('09h00');
  });

  it('CHAT-005 date-time shows DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime(date)).toBe('05/03/2024 14:05');
  });

  it('OPP-189 OPP-221 the wire date-time is YYYY-MM-DD HH:mm', () => {
    expect(formatApiDateTime(date)).toBe('2024-03-05 14:05');
    expect(formatDate('2024-03-05 14:05')).toBe('05/03/2024');
  });

  it('OPP-163 invalid dates format as empty text', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime(Number.NaN)).toBe('');
  });

  it('OPP-163 PLAT-088 DD/MM/YYYY text parses to a local date, impossible dates to null', () => {
    expect(parseDate('05/03/2024')).toEqual(new Date(2024, 2, 5));
    expect(parseDate('31/02/2024')).toBeNull();
    expect(parseDate('2024-03-05')).toBeNull();
  });

  it("CHAT-003 CHAT-004 CHAT-005 chat day labels 'Hoje', 'Ontem', else DD/MM/YYYY HH:mm", () => {
    const now = new Date(2024, 0, 10, 0, 1);
    expect(chatDayLabel(new Date(2024, 0, 10, 0, 0), now)).toBe('Hoje');
    expect(chatDayLabel(new Date(2024, 0, 9, 23, 59), now)).toBe('Ontem');
    expect(chatDayLabel(new Date(2024, 0, 8, 9, 5), now)).toBe('08/01/2024 09:05');
    expect(chatDayLabel(new Date(2023, 11, 31, 10, 0), new Date(2024, 0, 1, 8, 0))).toBe('Ontem');
  });
});

describe('elapsed time and response time', () => {
  it("a call's length reads as the dialer's mm:ss timer", () => {
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(59_999)).toBe('00:59');
    expect(formatTimer(99_000)).toBe('01:39');
    expect(formatTimer(181_000)).toBe('03:01');
    expect(formatTimer(-5)).toBe('00:00');
  });

  it('CHAT-020 under 60 s shows seconds', () => {
    expect(formatElapsed(0)).toBe('0s');
    expect(formatElapsed(45)).toBe('45s');
    expect(formatElapsed(59.9)).toBe('59s');
  });

  it('CHAT-020 then minutes, hours, days and years (min, h, d, a)', () => {
    expect(formatElapsed(60)).toBe('1min');
    expect(formatElapsed(3 * 60 + 59)).toBe('3min');
    expect(formatElapsed(3600)).toBe('1h');
    expect(formatElapsed(2 * 3600 + 1800)).toBe('2h');
    expect(formatElapsed(86_400)).toBe('1d');
    expect(formatElapsed(364 * 86_400)).toBe('364d');
    expect(formatElapsed(365 * 86_400)).toBe('1a');
    expect(formatElapsed(800 * 86_400)).toBe('2a');
  });

  it('CHAT-020 negative or invalid elapsed time shows 0s', () => {
    expect(formatElapsed(-5)).toBe('0s');
    expect(formatElapsed(Number.NaN)).toBe('0s');
  });

  it('OPP-159 under 600 s acceptable, 600 to 1800 s attention, over 1800 s exceeded', () => {
    expect(responseTimeClass(0)).toBe('acceptable');
    expect(responseTimeClass(599)).toBe('acceptable');
    expect(responseTimeClass(600)).toBe('attention');
    expect(responseTimeClass(1800)).toBe('attention');
    expect(responseTimeClass(1801)).toBe('exceeded');
  });

  it("OPP-157 'Atendido em X' takes the alert style only above 600 s", () => {
    expect(isResponseTimeAlert(600)).toBe(false);
    expect(isResponseTimeAlert(601)).toBe(true);
  });

  it('OPP-156 OPP-160 response times read as a pt-BR duration', () => {
    expect(formatDuration(45)).toBe('45 segundos');
    expect(formatDuration(1)).toBe('1 segundo');
    expect(formatDuration(60)).toBe('1 minuto');
    expect(formatDuration(3725)).toBe('1 hora e 2 minutos');
    expect(formatDuration(90_000)).toBe('1 dia e 1 hora');
    expect(formatDuration(86_430)).toBe('1 dia');
    expect(formatDuration(0)).toBe('0 segundos');
  });
});

describe('linkify', () => {
  it('PLAT-003 http(s) links, www. hosts and e-mail addresses become link parts', () => {
    expect(linkify('Veja https://exemplo.com.br/a?b=1, e www.site.com. Mail: joao@empresa.com.br!')).toEqual([
      { type: 'text', text: 'Veja ' },
      { type: 'link', text: 'https://exemplo.com.br/a?b=1', href: 'https://exemplo.com.br/a?b=1' },
      { type: 'text', text: ', e ' },
      { type: 'link', text: 'www.site.com', href: 'https://www.site.com/' },
      { type: 'text', text: '. Mail: ' },
      { type: 'link', text: 'joao@empresa.com.br', href: 'mailto:joao@empresa.com.br' },
      { type: 'text', text: '!' },
    ]);
  });

  it('PLAT-003 text without links is one text part; empty text is no part', () => {
    expect(linkify('Olá, tudo bem?')).toEqual([{ type: 'text', text: 'Olá, tudo bem?' }]);
    expect(linkify('')).toEqual([]);
  });

  it('PLAT-003 markup and script URLs stay plain text, never HTML nor other protocols', () => {
    const parts = linkify('javascript:alert(1) <a href="x">y</a> data:text/html,<b>x</b> ftp://host/file');
    expect(parts).toEqual([
      { type: 'text', text: 'javascript:alert(1) <a href="x">y</a> data:text/html,<b>x</b> ftp://host/file' },
    ]);
  });

  it('PLAT-003 every href is http:, https: or mailto:', () => {
    const parts = linkify('a http://x.com b www.y.org c z@w.com d HTTPS://Q.COM/p');
    const hrefs = parts.flatMap((p) => (p.type === 'link' ? [p.href] : []));
    expect(hrefs).toHaveLength(4);
    for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:)/);
  });

  it('PLAT-003 a closing parenthesis stays only when the link opened it', () => {
    expect(linkify('(ver http://x.com/a_(b))')).toEqual([
      { type: 'text', text: '(ver ' },
      { type: 'link', text: 'http://x.com/a_(b)', href: 'http://x.com/a_(b)' },
      { type: 'text', text: ')' },
    ]);
  });

  it('PLAT-003 an e-mail is linked whole, and words merely containing www are not links', () => {
    expect(linkify('me@www.x.com')).toEqual([
      { type: 'link', text: 'me@www.x.com', href: 'mailto:me@www.x.com' },
    ]);
    expect(linkify('awww.x.com')).toEqual([{ type: 'text', text: 'awww.x.com' }]);
    expect(linkify('www...')).toEqual([{ type: 'text', text: 'www...' }]);
  });

  it('PLAT-003 joined parts give back the original text', () => {
    const text = 'Oi! Acesse www.vendaval.com.br/curso?id=3; ou escreva p/ contato@vendaval.com.';
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('PLAT-003 parseUrl reads absolute URLs only', () => {
    expect(parseUrl('https://exemplo.com/x')?.hostname).toBe('exemplo.com');
    expect(parseUrl('exemplo.com')).toBeNull();
  });
});
