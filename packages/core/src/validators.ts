import { cpf as cpfNumbers } from 'cpf-cnpj-validator';
import { z } from 'zod';
import { brazilianNationalDigits, parseUrl } from './format.ts';

// Field validators shared by client forms and server payloads. Each answers null when the
// value is valid, otherwise the pt-BR message. Except `required`, they accept an empty
// value (null, undefined, blank text): combine with `required` when the field is mandatory.

export type ValidatorResult = string | null;
export type Validator = (value: unknown) => ValidatorResult;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const VALIDATION_MESSAGES = {
  required: 'Este campo é obrigatório',
  email: 'E-mail inválido',
  min: (length: number) => `Este campo deve ter no mínimo ${length} caracteres`,
  confirmed: 'Os valores informados não conferem',
  regex: 'Formato inválido',
  between: (min: number, max: number) => `O valor deve estar entre ${min} e ${max}`,
  alpha: 'Use somente letras',
  integer: 'O valor deve ser um número inteiro',
  digits: (length: number) => `O valor deve ter exatamente ${length} dígitos`,
  alphaDash: 'Use somente letras, números, hífens e sublinhados',
  alphaNum: 'Use somente letras e números',
  length: (length: number) => `Este campo deve ter exatamente ${length} caracteres`,
  positive: 'O valor deve ser maior que zero',
  creditCard: 'Número de cartão de crédito inválido',
  password:
    'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula, número e caractere especial',
  passwordTooLong: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres`,
  url: 'URL inválida',
  phoneAreaCode: 'O número precisa conter algum DDD',
  cpf: 'CPF inválido: confira os 11 dígitos.',
} as const;

const M = VALIDATION_MESSAGES;

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

const text = (value: unknown): string => String(value);

function check(value: unknown, ok: (value: unknown) => boolean, message: string): ValidatorResult {
  return isEmpty(value) || ok(value) ? null : message;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  return Number(value.trim().replace(',', '.'));
}

export function required(value: unknown): ValidatorResult {
  return isEmpty(value) ? M.required : null;
}

const emailFormat = z.email();

export function email(value: unknown): ValidatorResult {
  return check(value, (v) => emailFormat.safeParse(text(v).trim()).success, M.email);
}

/** At least `length` characters. */
export function min(value: unknown, length: number): ValidatorResult {
  return check(value, (v) => [...text(v)].length >= length, M.min(length));
}

/** Equal to the other field, as with a password confirmation. */
export function confirmed(value: unknown, other: unknown): ValidatorResult {
  return value === other || (isEmpty(value) && isEmpty(other)) ? null : M.confirmed;
}

export function regex(value: unknown, pattern: RegExp): ValidatorResult {
  // A global or sticky pattern would keep lastIndex between calls.
  const fresh = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  return check(value, (v) => fresh.test(text(v)), M.regex);
}

/** A number from `lower` to `upper`, both included. */
export function between(value: unknown, lower: number, upper: number): ValidatorResult {
  return check(
    value,
    (v) => {
      const n = toNumber(v);
      return n >= lower && n <= upper;
    },
    M.between(lower, upper),
  );
}

export function alpha(value: unknown): ValidatorResult {
  return check(value, (v) => /^[\p{L}\p{M}]+$/u.test(text(v)), M.alpha);
}

export function integer(value: unknown): ValidatorResult {
  return check(
    value,
    (v) => (typeof v === 'number' ? Number.isInteger(v) : /^-?\d+$/.test(text(v).trim())),
    M.integer,
  );
}

/** Only digits, exactly `length` of them. */
export function digits(value: unknown, length: number): ValidatorResult {
  return check(value, (v) => /^\d+$/.test(text(v)) && text(v).length === length, M.digits(length));
}

export function alphaDash(value: unknown): ValidatorResult {
  return check(value, (v) => /^[\p{L}\p{M}\p{N}_-]+$/u.test(text(v)), M.alphaDash);
}

export function alphaNum(value: unknown): ValidatorResult {
  return check(value, (v) => /^[\p{L}\p{M}\p{N}]+$/u.test(text(v)), M.alphaNum);
}

/** Exactly `size` characters (or items, for a list). */
export function length(value: unknown, size: number): ValidatorResult {
  const count = (v: unknown) => (Array.isArray(v) ? v.length : [...text(v)].length);
  return check(value, (v) => count(v) === size, M.length(size));
}

/** Greater than zero. */
export function positive(value: unknown): ValidatorResult {
  return check(value, (v) => toNumber(v) > 0, M.positive);
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 13 to 19 digits (15-digit cards included) passing the Luhn check; spaces and hyphens allowed. */
export function creditCard(value: unknown): ValidatorResult {
  return check(
    value,
    (v) => {
      const s = text(v);
      const number = s.replace(/[\s-]/g, '');
      return /^[\d\s-]+$/.test(s) && /^\d{13,19}$/.test(number) && luhn(number);
    },
    M.creditCard,
  );
}

function passwordIssue(value: string): string | null {
  if ([...value].length > PASSWORD_MAX_LENGTH) return M.passwordTooLong;
  const strong =
    [...value].length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /\p{N}/u.test(value) &&
    /[^\p{L}\p{N}\s]/u.test(value);
  return strong ? null : M.password;
}

/** Minimum 8 characters with an upper-case letter, a lower-case letter, a digit and a special character. */
export function password(value: unknown): ValidatorResult {
  return isEmpty(value) ? null : passwordIssue(text(value));
}

/** An absolute http or https address. */
export function url(value: unknown): ValidatorResult {
  return check(
    value,
    (v) => {
      const parsed = parseUrl(text(v).trim());
      return !!parsed && ['http:', 'https:'].includes(parsed.protocol) && parsed.hostname !== '';
    },
    M.url,
  );
}

/** A Brazilian phone needs at least 10 national digits (area code + number). */
export function phoneWithAreaCode(value: unknown): ValidatorResult {
  return check(value, (v) => brazilianNationalDigits(text(v)).length >= 10, M.phoneAreaCode);
}

/**
 * A CPF: 11 digits (the mask's dots and hyphen allowed) whose two check digits are right, and not one digit
 * repeated (decisions.md §21). The one CPF rule of forms, payloads and imports.
 */
export function isValidCpf(value: string): boolean {
  return /^[\d.\-\s]+$/.test(value) && value.replace(/\D/g, '').length === 11 && cpfNumbers.isValid(value);
}

/** The 11-digit CPF that 9 base digits make with their two check digits (for seed and test data). */
export function cpfWithCheckDigits(base: string): string {
  const first = `${base}${cpfNumbers.verifierDigit(base)}`;
  return `${first}${cpfNumbers.verifierDigit(first)}`;
}

export function cpf(value: unknown): ValidatorResult {
  return check(value, (v) => isValidCpf(text(v)), M.cpf);
}

/** The first message among the validators, or null when all pass. */
export function firstError(value: unknown, validators: readonly Validator[]): ValidatorResult {
  for (const validate of validators) {
    const message = validate(value);
    if (message) return message;
  }
  return null;
}

/** The product's one password rule, for server payloads and client forms alike. */
export const passwordSchema = z.string().superRefine((value, ctx) => {
  const message = passwordIssue(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** Trimmed and lower-cased, so the same address always compares equal. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, M.email)
  .pipe(z.email({ error: M.email }));
