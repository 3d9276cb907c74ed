import { createHash } from 'node:crypto';
import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/** How a query takes a value: as it is (`inline`), or by name (`NamedValues.bind`). */
export type Bind = <T>(value: T) => T | Placeholder;
export const inline: Bind = (value) => value;

/** The values a query takes by name, so that queries of one shape have one SQL text whatever their values. */
export class NamedValues {
  readonly values: Record<string, unknown> = {};
  #count = 0;

  readonly bind: Bind = <T>(value: T) => {
    const name = `v${this.#count++}`;
    this.values[name] = value;
    return sql.placeholder(name);
  };
}

const dialect = new PgDialect();

/**
 * The shape of a query's variable part: its SQL text and every value in it not taken by name. Those values are
 * built into a prepared statement, so two requests share one only when they agree on them too.
 */
export function shapeOf(...parts: (SQL | string | undefined)[]): string {
  return JSON.stringify(
    parts.map((part) => {
      if (part === undefined || typeof part === 'string') return part ?? null;
      const { sql: text, params } = dialect.sqlToQuery(part);
      return [text, params.map((param) => (is(param, Placeholder) ? null : param))];
    }),
  );
}

/**
 * Statements prepared once per shape of a query whose conditions vary with its filters (see `shapeOf`): Drizzle
 * builds the SQL, and PostgreSQL parses it, once per shape instead of once per request. A shape's statements are
 * named after it, so every connection that meets it again reuses them. At most `limit` shapes per database handle;
 * past that it answers undefined and the caller builds its query as usual.
 */
export function preparedPerShape<Statement>(prefix: string, limit: number) {
  const built = new WeakMap<DbOrTx, Map<string, Statement>>();
  return (db: DbOrTx, shape: string, prepare: (name: string) => Statement): Statement | undefined => {
    let shapes = built.get(db);
    if (!shapes) {
      shapes = new Map();
      built.set(db, shapes);
    }
    let statement = shapes.get(shape);
    if (!statement && shapes.size < limit) {
      statement = prepare(`${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`);
      shapes.set(shape, statement);
    }
    return statement;
  };
}
