import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';

// Phone numbers as the card forms edit them: a country and the national digits; stored as digits with the
// country code ('5511987654321') plus that code ('55').

export const DEFAULT_PHONE_COUNTRY = 'BR';
const BRAZIL_CODE = '55';

export type PhoneCountry = { country: string; callingCode: string };

/** Every country libphonenumber knows, Brazil first. */
export function phoneCountries(): PhoneCountry[] {
  const all = getCountries().map((country) => ({ country, callingCode: getCountryCallingCode(country) }));
  return [
    ...all.filter((c) => c.country === DEFAULT_PHONE_COUNTRY),
    ...all.filter((c) => c.country !== DEFAULT_PHONE_COUNTRY),
  ];
}

export function callingCodeOf(country: string): string {
  try {
    return getCountryCallingCode(country as CountryCode);
  } catch {
    return BRAZIL_CODE;
  }
}

/** A Brazilian number needs its area code: 10 or 11 national digits. */
export function lacksAreaCode(country: string, nationalDigits: string): boolean {
  return country === DEFAULT_PHONE_COUNTRY && nationalDigits.length > 0 && nationalDigits.length < 10;
}

/**
 * The payload form of a phone typed in the form. A foreign number travels with a leading '+', so the server does
 * not read it as a Brazilian one ('+1 555…' and '(15) 55…' have the same digits).
 */
export function joinPhone(
  country: string,
  nationalDigits: string,
): { phone_number: string; country_code: string } {
  const code = callingCodeOf(country);
  const digits = `${code}${nationalDigits.replace(/\D/g, '')}`;
  return { phone_number: code === BRAZIL_CODE ? digits : `+${digits}`, country_code: code };
}

/** The form's country and national digits of a stored phone. */
export function splitPhone(
  phoneNumber: string | null | undefined,
  countryCode?: string | null,
): { country: string; national: string } {
  const digits = (phoneNumber ?? '').replace(/\D/g, '');
  if (!digits) return { country: DEFAULT_PHONE_COUNTRY, national: '' };
  const code = countryCode || (digits.length <= 11 ? BRAZIL_CODE : '');
  if (code === BRAZIL_CODE) {
    const national = digits.length >= 12 && digits.startsWith(BRAZIL_CODE) ? digits.slice(2) : digits;
    return { country: DEFAULT_PHONE_COUNTRY, national };
  }
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (parsed?.country) return { country: parsed.country, national: String(parsed.nationalNumber) };
  const country = getCountries().find((c) => getCountryCallingCode(c) === code);
  return country && digits.startsWith(code)
    ? { country, national: digits.slice(code.length) }
    : { country: DEFAULT_PHONE_COUNTRY, national: digits };
}
