import { z } from 'zod';
import { SCHEMA_MESSAGES as M } from './messages.ts';

type Issue = z.core.$ZodRawIssue;

const EXPECTED: Record<string, string> = {
  string: M.expectedText,
  number: M.expectedNumber,
  int: M.expectedInteger,
  bigint: M.expectedInteger,
  boolean: M.expectedBoolean,
  array: M.expectedList,
  tuple: M.expectedList,
  set: M.expectedList,
  object: M.expectedObject,
  record: M.expectedObject,
  map: M.expectedObject,
  date: M.expectedDate,
};

const FORMATS: Record<string, string> = {
  email: M.invalidEmail,
  url: M.invalidUrl,
  datetime: M.invalidDateTime,
  date: M.invalidDate,
  time: M.invalidTime,
  uuid: M.invalidUuid,
  guid: M.invalidUuid,
  base64: M.invalidBase64,
  base64url: M.invalidBase64,
};

const isEmpty = (input: unknown) => input === undefined || input === null || input === '';

function tooBig(issue: Issue & { code: 'too_big' }): string {
  const max = String(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return M.textTooLong(max);
    case 'array':
    case 'set':
      return M.listTooLong(max);
    case 'file':
      return M.fileTooLarge(max);
    default:
      return issue.inclusive === false ? M.numberNotBelow(max) : M.numberTooBig(max);
  }
}

function tooSmall(issue: Issue & { code: 'too_small' }): string {
  const min = String(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return Number(issue.minimum) <= 1 || isEmpty(issue.input) ? M.required : M.textTooShort(min);
    case 'array':
    case 'set':
      return M.listTooShort(min);
    default:
      return issue.inclusive === false ? M.numberNotAbove(min) : M.numberTooSmall(min);
  }
}

/** The pt-BR (Brazil) text of every issue zod raises without a message of its own. */
export function ptBrZodError(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty(issue.input) ? M.required : (EXPECTED[issue.expected] ?? M.invalidValue);
    case 'invalid_value':
      return issue.values.length > 1 ? M.invalidOption(issue.values.map(String).join(', ')) : M.invalidValue;
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? M.invalidFormat;
    case 'not_multiple_of':
      return M.notMultipleOf(String(issue.divisor));
    case 'unrecognized_keys':
      return M.unknownFields(issue.keys.join(', '));
    default:
      return M.invalidValue;
  }
}

/** Zod's messages (wrong type, too long, unknown key…) from the pt-BR catalogue, for client and server alike. */
export function applyZodLocale(): void {
  z.config({ customError: ptBrZodError });
}
