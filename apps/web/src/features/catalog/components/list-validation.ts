import { MESSAGES } from '@vendaval/core/messages';
import { ADMIN_LIST_SCHEMAS } from '@vendaval/core/schemas/catalog';
import type { ListRow } from '../api/use-admin-list-query.ts';
import type { ListDefinition } from '../list-definitions.ts';

/** A row's errors by field key. */
export type FieldErrors = Record<string, string>;
type Values = Record<string, unknown>;
type Draft = { creates: { key: string; values: Values }[]; updates: Record<number, Values> };

/** One row's values under the list's own rules (the server's schema: required fields, the 120-character name). */
function ownErrors(definition: ListDefinition, values: Values): FieldErrors {
  const result = ADMIN_LIST_SCHEMAS[definition.list].create.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? definition.fields[0]?.key);
    errors[field] ??= issue.message;
  }
  return errors;
}

const nameKey = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLocaleLowerCase('pt-BR');

/**
 * The errors of every new and edited row of a draft, by the row's key: its own rules, and a name another row of
 * the list already has (a saved row left as it is, or an earlier row of the draft).
 */
export function draftErrors(
  definition: ListDefinition,
  draft: Draft & { deletes: number[] },
  rows: ListRow[],
): Map<string, FieldErrors> {
  const title = definition.fields[0]?.key ?? 'name';
  const taken = new Set(
    rows
      .filter((r) => !(r.id in draft.updates) && !draft.deletes.includes(r.id))
      .map((r) => nameKey(r[title])),
  );
  const errors = new Map<string, FieldErrors>();
  const check = (key: string, values: Values) => {
    const own = ownErrors(definition, values);
    const name = nameKey(values[title]);
    if (!own[title] && taken.has(name)) own[title] = MESSAGES.listItemExists[definition.list];
    taken.add(name);
    if (Object.keys(own).length > 0) errors.set(key, own);
  };
  for (const [id, values] of Object.entries(draft.updates)) check(`u${id}`, values);
  for (const create of draft.creates) check(create.key, create.values);
  return errors;
}
