import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { phoneNumberSchema } from './contacts.ts';

const parse = (raw: string) => phoneNumberSchema.safeParse(raw);
const error = (raw: string) => parse(raw).error?.issues[0]?.message;

describe('phone numbers of contacts', () => {
  it('OPP-070 a Brazilian number is stored with 55 and needs its area code', () => {
    expect(parse('(11) 98765-4321').data).toBe('5511987654321');
    expect(parse('5511987654321').data).toBe('5511987654321');
    expect(parse('+55 11 3456-7890').data).toBe('551134567890');
    expect(error('98765-4321')).toBe(MESSAGES.phoneWithoutAreaCode);
    expect(error('55987654321')).toBeUndefined(); // DDD 55, nine digits: Brazilian and complete
    expect(error('')).toBe(MESSAGES.phoneRequired);
  });

  it('OPP-012 a foreign number comes with + and its country code, and is not read as Brazilian', () => {
    expect(parse('+1 555 123 4567').data).toBe('15551234567');
    expect(parse('+351912345678').data).toBe('351912345678');
    expect(error('+1234')).toBe(MESSAGES.invalidPhone);
    // The same digits without '+' are a São Paulo number (DDD 15).
    expect(parse('15551234567').data).toBe('5515551234567');
  });
});
