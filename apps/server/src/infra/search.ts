import { INT4_MAX } from '@vendaval/core/schemas/common';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Bind, inline } from './prepared.ts';

// Accents are folded with translate(), a core function: PGlite has no unaccent extension, and lower() alone
// leaves accented capitals as they are under the C collation.
const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ';
const PLAIN = fold(ACCENTED);

/** Lower case without accents: 'José' and 'JOSE' both read 'jose'. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The SQL twin of `fold`. */
export const foldedSql = (column: SQLWrapper): SQL => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;

/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** `column` contains `term`, whatever the case and the accents. */
export const foldedContains = (column: SQLWrapper, term: string, bind: Bind = inline): SQL =>
  sql`${foldedSql(column)} like ${bind(containing(fold(term)))}`;

/** '#123' or '123' names a row id. */
export function idOf(term: string): number | undefined {
  const match = /^#?\s*(\d{1,10})$/.exec(term.trim());
  const id = match ? Number(match[1]) : Number.NaN;
  return id > 0 && id <= INT4_MAX ? id : undefined;
}

/** The digits of a term written like a phone number ('(11) 98765-4321', '+55 11…'); undefined otherwise. */
export function phoneDigitsOf(term: string): string | undefined {
  if (!/^[\d\s()+.-]+$/.test(term)) return undefined;
  const digits = term.replace(/\D/g, '');
  return digits.length >= 2 ? digits : undefined;
}
