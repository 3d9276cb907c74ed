import { escapeRegExp } from './format.ts';
import {
  ERROR_TITLES,
  MESSAGES,
  SCHEMA_MESSAGES,
  SUCCESS_MESSAGES,
  TOASTS,
  UNKNOWN_ERROR,
} from './messages.ts';
import { VALIDATION_MESSAGES } from './validators.ts';

type Entry = string | ((...args: never[]) => string) | { [key: string]: Entry };

const SLOT = '\u0001';

/** A text or a template of the catalogue as a pattern, each argument of a template standing for any text. */
function patterns(entry: Entry): RegExp[] {
  if (typeof entry === 'object') return Object.values(entry).flatMap(patterns);
  if (typeof entry === 'string') return [new RegExp(`^${escapeRegExp(entry)}$`)];
  const call = entry as (...args: unknown[]) => string;
  const arity = Math.max(call.length, 1);
  // Templates are tried with text, with a number and with one, as some choose their wording by count.
  const samples = [SLOT, 987_654_321, 1].flatMap((arg) => {
    try {
      return [call(...Array.from({ length: arity }, () => arg)).replaceAll('987654321', SLOT)];
    } catch {
      return []; // a template that needs another kind of argument
    }
  });
  return samples.map((text) => new RegExp(`^${escapeRegExp(text).replaceAll(SLOT, '[\\s\\S]+')}$`));
}

const CATALOGUE: RegExp[] = [
  MESSAGES,
  SCHEMA_MESSAGES,
  VALIDATION_MESSAGES,
  SUCCESS_MESSAGES,
  TOASTS,
  ERROR_TITLES,
  UNKNOWN_ERROR,
].flatMap((group) => patterns(group as Entry));

/** Whether a text a user may see comes from the pt-BR catalogue (for the tests that keep raw texts off screens). */
export const isCatalogueText = (text: string): boolean => CATALOGUE.some((pattern) => pattern.test(text));
