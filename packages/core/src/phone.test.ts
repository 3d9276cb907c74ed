import { describe, expect, it } from 'vitest';
import { joinPhone, lacksAreaCode, phoneCountries, splitPhone } from './phone.ts';

describe('card phone helpers', () => {
  it('OPP-012 lists Brazil first among the countries', () => {
    const countries = phoneCountries();
    expect(countries[0]).toEqual({ country: 'BR', callingCode: '55' });
    expect(countries.find((c) => c.country === 'PT')?.callingCode).toBe('351');
  });

  it('OPP-070 a Brazilian number needs 10 or 11 national digits; other countries are not checked', () => {
    expect(lacksAreaCode('BR', '987654321')).toBe(true);
    expect(lacksAreaCode('BR', '1198765432')).toBe(false);
    expect(lacksAreaCode('BR', '')).toBe(false);
    expect(lacksAreaCode('PT', '912345')).toBe(false);
  });

  it('joins and splits a phone with its country code', () => {
    expect(joinPhone('BR', '(11) 98765-4321')).toEqual({ phone_number: '5511987654321', country_code: '55' });
    expect(joinPhone('PT', '912345678')).toEqual({ phone_number: '+351912345678', country_code: '351' });
    expect(joinPhone('US', '5551234567')).toEqual({ phone_number: '+15551234567', country_code: '1' });
    expect(splitPhone('5511987654321', '55')).toEqual({ country: 'BR', national: '11987654321' });
    expect(splitPhone('11987654321')).toEqual({ country: 'BR', national: '11987654321' });
    expect(splitPhone('351912345678', '351')).toEqual({ country: 'PT', national: '912345678' });
    expect(splitPhone(null)).toEqual({ country: 'BR', national: '' });
  });
});
