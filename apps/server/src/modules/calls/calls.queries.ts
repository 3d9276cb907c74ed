import {
  and,
  asc,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import {
  batchCalls as b,
  opportunityCalls as c,
  callInstances as instances,
  batchCallItems as items,
} from '../../schema/calls.tables.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { opportunities as o } from '../../schema/opportunities.tables.ts';
import { members } from '../../schema/users.tables.ts';

export type BatchCallRow = typeof b.$inferSelect;
export type CallRow = typeof c.$inferSelect;
export type CallInsert = Omit<typeof c.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

const batchInScope = (scope: Scope, id: string) =>
  and(eq(b.platformId, scope.platformId), eq(b.workspaceId, scope.workspaceId), eq(b.id, id));
const callInScope = (scope: Scope, id: number) =>
  and(eq(c.platformId, scope.platformId), eq(c.workspaceId, scope.workspaceId), eq(c.id, id));

// ---- queues ---------------------------------------------------------------------------------------------

export async function insertBatchCall(
  tx: DbOrTx,
  scope: Scope,
  row: Omit<typeof b.$inferInsert, 'id' | 'platformId' | 'workspaceId'>,
  opportunityIds: number[],
) {
  const [created] = await tx
    .insert(b)
    .values({ ...row, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!created) throw new Error('batch call not inserted');
  if (opportunityIds.length > 0)
    await tx.insert(items).values(
      opportunityIds.map((opportunityId, position) => ({
        platformId: scope.platformId,
        workspaceId: scope.workspaceId,
        batchCallId: created.id,
        position,
        opportunityId,
      })),
    );
  return created;
}

export async function findBatchCall(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db.select().from(b).where(batchInScope(scope, id));
  return row;
}

/** The rep's queues not yet finished, newest first. */
export function listOpenBatchCalls(db: DbOrTx, scope: Scope, userId: number) {
  return db
    .select()
    .from(b)
    .where(
      and(
        eq(b.platformId, scope.platformId),
        eq(b.workspaceId, scope.workspaceId),
        eq(b.userId, userId),
        ne(b.status, 'Finished'),
      ),
    )
    .orderBy(desc(b.createdAt))
    .limit(OPEN_QUEUES_LISTED);
}

/** A rep has one queue open at a time in practice; a few more are listed so none is hidden by mistake. */
const OPEN_QUEUES_LISTED = 20;

/** The queue row, locked until the transaction ends: one placement at a time per queue. */
export async function lockBatchCall(tx: DbOrTx, scope: Scope, id: string) {
  const [row] = await tx.select().from(b).where(batchInScope(scope, id)).for('update');
  return row;
}

export async function updateBatchCall(tx: DbOrTx, scope: Scope, id: string, patch: Partial<BatchCallRow>) {
  const [row] = await tx
    .update(b)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(batchInScope(scope, id))
    .returning();
  if (!row) throw new Error('batch call not updated');
  return row;
}

/**
 * The next cards to try: fewest attempts first (a pass through the queue before any second attempt), in order.
 * `free` leaves out the cards on a call now, so a queue sharing its cards with others does not try them one by one.
 */
export function nextItems(
  tx: DbOrTx,
  scope: Scope,
  batchCallId: string,
  maxAttempts: number,
  limit: number,
  free = false,
) {
  return tx
    .select()
    .from(items)
    .where(
      and(
        eq(items.platformId, scope.platformId),
        eq(items.batchCallId, batchCallId),
        eq(items.done, false),
        lt(items.attempts, maxAttempts),
        free ? notExists(activeCallOnItem(tx)) : undefined,
      ),
    )
    .orderBy(asc(items.attempts), asc(items.position))
    .limit(limit);
}

/** The call not yet ended on the item's card (the partial unique index on calls not ended finds it). */
const activeCallOnItem = (tx: DbOrTx) =>
  tx
    .select({ id: c.id })
    .from(c)
    .where(
      and(eq(c.platformId, items.platformId), eq(c.opportunityId, items.opportunityId), isNull(c.endedAt)),
    );

export async function updateItem(
  tx: DbOrTx,
  scope: Scope,
  batchCallId: string,
  position: number,
  patch: { done?: boolean; attempts?: number },
) {
  await tx
    .update(items)
    .set(patch)
    .where(
      and(
        eq(items.platformId, scope.platformId),
        eq(items.batchCallId, batchCallId),
        eq(items.position, position),
      ),
    );
}

export async function markCardDone(tx: DbOrTx, scope: Scope, batchCallId: string, opportunityId: number) {
  await tx
    .update(items)
    .set({ done: true })
    .where(
      and(
        eq(items.platformId, scope.platformId),
        eq(items.batchCallId, batchCallId),
        eq(items.opportunityId, opportunityId),
      ),
    );
}

/** A card as a call needs it: its responsible and its contact's phone. */
export async function findCallableCard(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: o.id, name: o.name, userId: o.userId, contactId: o.contactId, phone: contacts.phoneNumber })
    .from(o)
    .leftJoin(
      contacts,
      and(
        eq(contacts.platformId, o.platformId),
        eq(contacts.workspaceId, o.workspaceId),
        eq(contacts.id, o.contactId),
      ),
    )
    .where(and(eq(o.platformId, scope.platformId), eq(o.workspaceId, scope.workspaceId), eq(o.id, id)));
  return row;
}

export async function findVoipUsername(db: DbOrTx, scope: Scope, userId: number) {
  const [row] = await db
    .select({ voipUsername: members.voipUsername })
    .from(members)
    .where(
      and(
        eq(members.platformId, scope.platformId),
        eq(members.workspaceId, scope.workspaceId),
        eq(members.userId, userId),
      ),
    );
  return row;
}

// ---- calls ----------------------------------------------------------------------------------------------

/**
 * Records a call if its card and its rep are free: the partial unique indexes on calls not yet ended make this
 * the claim, so of two queues reaching one card at once only one inserts. Undefined when either was taken.
 * The call starts at the claim, not when its transaction began: a claim that waited for another call on the card
 * to end must not be dated before that end.
 */
export async function claimCall(tx: DbOrTx, scope: Scope, row: CallInsert) {
  const [created] = await tx
    .insert(c)
    .values({
      startedAt: sql`clock_timestamp()`,
      ...row,
      platformId: scope.platformId,
      workspaceId: scope.workspaceId,
    })
    .onConflictDoNothing()
    .returning();
  return created;
}

/** The rep's call not yet ended, in any workspace of the platform (one phone per person). */
export async function findActiveCallOf(db: DbOrTx, scope: Scope, userId: number) {
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.platformId, scope.platformId), eq(c.userId, userId), isNull(c.endedAt)));
  return row;
}

const callColumns = {
  call: c,
  opportunityName: o.name,
};
const cardOfCall = and(
  eq(o.platformId, c.platformId),
  eq(o.workspaceId, c.workspaceId),
  eq(o.id, c.opportunityId),
);

export async function findCall(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db.select(callColumns).from(c).innerJoin(o, cardOfCall).where(callInScope(scope, id));
  return row;
}
export type CallWithCard = NonNullable<Awaited<ReturnType<typeof findCall>>>;

export async function lockCall(tx: DbOrTx, scope: Scope, id: number) {
  const [row] = await tx.select().from(c).where(callInScope(scope, id)).for('update');
  return row;
}

export async function updateCall(tx: DbOrTx, scope: Scope, id: number, patch: Partial<CallRow>) {
  const [row] = await tx.update(c).set(patch).where(callInScope(scope, id)).returning();
  if (!row) throw new Error('call not updated');
  return row;
}

export function listCalls(
  db: DbOrTx,
  scope: Scope,
  filter: { opportunityId?: number | undefined; userId?: number | undefined; active?: boolean | undefined },
  limit: number,
) {
  return db
    .select(callColumns)
    .from(c)
    .innerJoin(o, cardOfCall)
    .where(
      and(
        eq(c.platformId, scope.platformId),
        eq(c.workspaceId, scope.workspaceId),
        filter.opportunityId === undefined ? undefined : eq(c.opportunityId, filter.opportunityId),
        filter.userId === undefined ? undefined : eq(c.userId, filter.userId),
        filter.active === undefined
          ? undefined
          : filter.active
            ? isNull(c.endedAt)
            : sql`${c.endedAt} is not null`,
      ),
    )
    .orderBy(desc(c.startedAt), desc(c.id))
    .limit(limit);
}

// ---- the processes holding calls ------------------------------------------------------------------------

/** The channel a process hears the hang-ups of its calls asked through another one on. */
export const CALL_CONTROL_CHANNEL = 'call_control';

/** Asks the process holding a call's line to hang it up (heard by every process; only the owner acts). */
export async function notifyCallControl(db: DbOrTx, notice: object) {
  await db.execute(sql`select pg_notify(${CALL_CONTROL_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** The process proves it is alive (a new process is recorded by its first beat). */
export async function beat(db: DbOrTx, instanceId: string) {
  await db
    .insert(instances)
    .values({ id: instanceId })
    .onConflictDoUpdate({ target: instances.id, set: { beatAt: sql`now()` } });
}

/**
 * The calls under way of processes silent more than `silentSeconds`, across every tenant. The processes alive are
 * read first: their table is the server's own, never joined with a tenant's.
 */
export async function callsOfSilentInstances(db: DbOrTx, silentSeconds: number, limit: number) {
  const alive = await db
    .select({ id: instances.id })
    .from(instances)
    .where(gt(instances.beatAt, sinceSeconds(silentSeconds)));
  return db
    .select()
    .from(c)
    .where(
      and(
        isNull(c.endedAt),
        isNotNull(c.instanceId),
        alive.length > 0
          ? notInArray(
              c.instanceId,
              alive.map((i) => i.id),
            )
          : undefined,
      ),
    )
    .orderBy(asc(c.id))
    .limit(limit);
}

/** The rows of processes silent too long, once their calls are ended (a row missing counts as silent). */
export async function forgetSilentInstances(db: DbOrTx, silentSeconds: number) {
  await db.delete(instances).where(lte(instances.beatAt, sinceSeconds(silentSeconds)));
}

const sinceSeconds = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
