import { createHash } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from './db.ts';
import { badRequest, conflict } from './errors.ts';
import { idempotencyKeys as k } from './idempotency.tables.ts';
import type { Jobs } from './jobs.ts';

/** How long a key is remembered: a client retries within minutes, not days. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const IDEMPOTENCY_PRUNE_QUEUE = 'idempotency-prune';
const PRUNE_CRON = '41 3 * * *';
const PRUNE_BATCH = 5000;
/** Visible ASCII, as the IETF Idempotency-Key draft and the usual clients (UUIDs, ULIDs) use. */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

const digest = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/**
 * Runs a POST once per `Idempotency-Key` header, per tenant and endpoint: the key is stored with the answer in the
 * same transaction as the work, so a retry whose answer was lost gets the first answer again (a retry arriving while
 * the first is still running waits for it), and the same key with another body is refused with 409. Without the
 * header the work simply runs. `run` must do all its writes through the handle it is given.
 */
export async function onceByIdempotencyKey<T>(
  db: Db,
  request: Pick<FastifyRequest, 'headers' | 'method' | 'url' | 'body' | 'platform'>,
  run: (db: Db) => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return run(db);
  if (typeof header !== 'string' || !KEY_SHAPE.test(header)) {
    throw badRequest(MESSAGES.idempotencyKeyInvalid, 'Idempotency-Key');
  }
  const scope = {
    platformId: request.platform.id,
    endpoint: `${request.method} ${request.url.split('?')[0]}`,
    key: header,
  };
  const requestHash = digest(request.body);
  return db.transaction(async (tx) => {
    if (!(await claimKey(tx, scope, requestHash))) return replay<T>(tx, scope, requestHash);
    const answer = await run(tx as unknown as Db);
    await tx
      .update(k)
      .set({ response: answer ?? null })
      .where(keyOf(scope));
    return answer;
  });
}

type KeyScope = { platformId: number; endpoint: string; key: string };

const keyOf = (scope: KeyScope) =>
  and(eq(k.platformId, scope.platformId), eq(k.endpoint, scope.endpoint), eq(k.key, scope.key));

const expired = () => sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`;

/**
 * Takes the key for this request; false when another request holds it. A concurrent first use blocks here on the
 * unique index until that request's transaction ends. A key past its lifetime is taken over as if new.
 */
async function claimKey(tx: DbOrTx, scope: KeyScope, requestHash: string) {
  const rows = await tx
    .insert(k)
    .values({ ...scope, requestHash })
    .onConflictDoUpdate({
      target: [k.platformId, k.endpoint, k.key],
      set: { requestHash, response: null, createdAt: sql`now()` },
      setWhere: lt(k.createdAt, expired()),
    })
    .returning({ id: k.id });
  return rows.length > 0;
}

async function replay<T>(tx: DbOrTx, scope: KeyScope, requestHash: string): Promise<T> {
  const [row] = await tx.select().from(k).where(keyOf(scope));
  if (!row) throw new Error('idempotency key vanished while held');
  if (row.requestHash !== requestHash) throw conflict(MESSAGES.idempotencyKeyReused);
  return row.response as T;
}

/** Forgets the keys past their lifetime, in batches so no delete holds its locks for long. */
export async function pruneIdempotencyKeys(db: Db) {
  let total = 0;
  for (;;) {
    const batch = db.select({ id: k.id }).from(k).where(lt(k.createdAt, expired())).limit(PRUNE_BATCH);
    const deleted = await db.delete(k).where(sql`${k.id} in (${batch})`).returning({ id: k.id });
    total += deleted.length;
    if (deleted.length < PRUNE_BATCH) return total;
  }
}

export function registerIdempotencyPrune(jobs: Jobs, db: Db) {
  jobs.work(IDEMPOTENCY_PRUNE_QUEUE, async () => {
    await pruneIdempotencyKeys(db);
  });
  jobs.schedule(IDEMPOTENCY_PRUNE_QUEUE, PRUNE_CRON);
}
