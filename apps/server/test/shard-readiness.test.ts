import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/infra/db.ts';

/**
 * The schema stays ready to be distributed by platform_id (Citus): every table but the reference ones carries
 * the tenant, and no uniqueness or reference spans tenants, so the distribution migration only widens keys.
 * Read from the migrated database itself, so a new table or index is checked the day it is added.
 */

/** Replicated to every node: the tenants themselves. */
const REFERENCE_TABLES = ['platforms'];
/**
 * Replicated as well, though it carries platform_id: a request's host is looked up before its tenant is known, so
 * the host → platform table cannot be split by platform_id.
 */
const HOST_TABLES = ['platform_hosts'];
/** Kept on the coordinator alone, never joined with tenant data: the rate limits' counters, the servers' heartbeats. */
const LOCAL_TABLES = ['call_instances', 'rate_limit_hits'];
const notAmong = (names: string[]) =>
  sql.join(
    names.map((t) => sql`${t}`),
    sql`, `,
  );

let database: Database;
beforeAll(async () => {
  database = openDatabase({ memory: true });
  await database.migrate();
});
afterAll(() => database.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const tables = () =>
  rows<{ table: string; tenant: boolean; not_null: boolean }>(sql`
    select c.relname as table, a.attname is not null as tenant, coalesce(a.attnotnull, false) as not_null
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attname = 'platform_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not in (${notAmong(LOCAL_TABLES)})
    order by 1`);

describe('ready to distribute by platform_id', () => {
  it('every table but the reference ones has a NOT NULL platform_id', async () => {
    const all = await tables();
    expect(all.length).toBeGreaterThan(30);
    const untenanted = all.filter((t) => !t.tenant).map((t) => t.table);
    expect(untenanted).toEqual(REFERENCE_TABLES);
    expect(all.filter((t) => t.tenant && !t.not_null).map((t) => t.table)).toEqual([]);
  });

  it('every unique index of a tenant table other than its primary key includes platform_id', async () => {
    // The primary keys are global sequences (id), widened to (platform_id, id) by the distribution migration;
    // any other uniqueness must already hold per tenant, or it could not be enforced on one shard.
    const global = await rows<{ index: string }>(sql`
      select ic.relname as index
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisunique and not i.indisprimary
        and c.relname not in (${notAmong([...REFERENCE_TABLES, ...LOCAL_TABLES])})
        and not exists (
          select 1 from unnest(i.indkey) k
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k
          where a.attname = 'platform_id')
      order by 1`);
    expect(global.map((g) => g.index)).toEqual([]);
  });

  it('every primary key is platform_id or a single id column that the distribution widens', async () => {
    const keys = await rows<{ table: string; columns: string }>(sql`
      select c.relname as table,
        array_to_string(array(
          select a.attname from unnest(i.indkey) with ordinality k(num, pos)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num
          order by k.pos), ',') as columns
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisprimary
        and c.relname not in (${notAmong([...LOCAL_TABLES, ...HOST_TABLES])})
      order by 1`);
    const odd = keys.filter((k) => k.columns !== 'id' && !k.columns.split(',').includes('platform_id'));
    expect(odd).toEqual([]);
  });

  it('every foreign key between tenant tables can carry platform_id: both sides have it', async () => {
    const crossing = await rows<{ constraint: string }>(sql`
      select con.conname as constraint
      from pg_constraint con
      where con.contype = 'f' and con.connamespace = 'public'::regnamespace
        and con.confrelid::regclass::text not in (${notAmong(REFERENCE_TABLES)})
        and not exists (
          select 1 from pg_attribute a
          where a.attrelid = con.confrelid and a.attname = 'platform_id' and not a.attisdropped)
      order by 1`);
    expect(crossing.map((c) => c.constraint)).toEqual([]);
  });
});
