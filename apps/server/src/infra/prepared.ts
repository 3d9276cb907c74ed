import type { DbOrTx } from './db.ts';

/**
 * A statement built once per database handle (and variant), then run with placeholders: Drizzle skips rebuilding
 * its SQL on every request, and PostgreSQL parses a named statement once per connection. For the queries every
 * request runs (guards, the card a request names); `build` must give each variant its own statement name.
 */
export function preparedPerDb<Variant extends string, Statement>(
  build: (db: DbOrTx, variant: Variant) => Statement,
): (db: DbOrTx, variant: Variant) => Statement {
  const built = new WeakMap<DbOrTx, Map<Variant, Statement>>();
  return (db, variant) => {
    let variants = built.get(db);
    if (!variants) {
      variants = new Map();
      built.set(db, variants);
    }
    let statement = variants.get(variant);
    if (!statement) {
      statement = build(db, variant);
      variants.set(variant, statement);
    }
    return statement;
  };
}
