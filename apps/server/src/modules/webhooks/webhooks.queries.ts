import type { WebhookDeliveryStatus, WebhookEvent } from '@vendaval/core/schemas/webhooks';
import { and, arrayContains, count, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import {
  platformWebhookAttempts as attempts,
  platformWebhookDeliveries as deliveries,
  platformWebhooks as hooks,
  webhookAttempts,
  webhookDeliveries,
  webhooks,
} from '../../schema/webhooks.tables.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
type WebhookColumns = Partial<
  Pick<typeof webhooks.$inferInsert, 'name' | 'url' | 'events' | 'active' | 'secret'>
>;
type Page = { limit: number; offset: number };

const inScope = (scope: Scope) =>
  and(eq(webhooks.platformId, scope.platformId), eq(webhooks.workspaceId, scope.workspaceId));
const byId = (scope: Scope, id: number) => and(inScope(scope), eq(webhooks.id, id));

export async function listWebhooks(db: DbOrTx, scope: Scope, page: Page) {
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(webhooks)
        .where(inScope(scope))
        .orderBy(desc(webhooks.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(webhooks).where(inScope(scope)),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findWebhook(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db.select().from(webhooks).where(byId(scope, id));
  return row ?? null;
}

export async function insertWebhook(
  db: DbOrTx,
  scope: Scope,
  values: Required<Pick<WebhookColumns, 'name' | 'url' | 'events' | 'active' | 'secret'>>,
) {
  const [row] = await db
    .insert(webhooks)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('webhook insert returned nothing');
  return row;
}

export async function updateWebhook(db: DbOrTx, scope: Scope, id: number, values: WebhookColumns) {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(scope, id))
    .returning();
  return row ?? null;
}

export async function deleteWebhook(db: DbOrTx, scope: Scope, id: number) {
  const deleted = await db.delete(webhooks).where(byId(scope, id)).returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** The active webhooks of the workspace that subscribe to an event. */
export function listSubscribers(db: DbOrTx, scope: Scope, event: WebhookEvent) {
  return db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(inScope(scope), eq(webhooks.active, true), arrayContains(webhooks.events, [event])));
}

export async function insertDelivery(
  db: DbOrTx,
  scope: Scope,
  values: { webhookId: number; event: WebhookEvent; payload: Record<string, unknown> },
) {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error('webhook delivery insert returned nothing');
  return row;
}

/** A delivery with what sending it needs from its webhook. */
export async function findDelivery(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      event: webhookDeliveries.event,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      url: webhooks.url,
      secret: webhooks.secret,
      active: webhooks.active,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhooks,
      tenantJoin(webhooks, webhookDeliveries, eq(webhooks.id, webhookDeliveries.webhookId)),
    )
    .where(
      and(
        eq(webhookDeliveries.platformId, scope.platformId),
        eq(webhookDeliveries.workspaceId, scope.workspaceId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row ?? null;
}

export interface AttemptRecord {
  webhookId: number;
  deliveryId: number;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Logs one try and leaves the delivery in the status it reached, together. */
export async function recordAttempt(
  db: DbOrTx,
  scope: Scope,
  attempt: AttemptRecord,
  status: WebhookDeliveryStatus,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(webhookAttempts)
      .values({ ...attempt, platformId: scope.platformId, workspaceId: scope.workspaceId });
    await tx
      .update(webhookDeliveries)
      .set({ status })
      .where(
        and(
          eq(webhookDeliveries.platformId, scope.platformId),
          eq(webhookDeliveries.workspaceId, scope.workspaceId),
          eq(webhookDeliveries.id, attempt.deliveryId),
        ),
      );
  });
}

/** The tries of one webhook, newest first, with the status their delivery reached. */
export async function listAttempts(db: DbOrTx, scope: Scope, webhookId: number, page: Page) {
  const where = and(
    eq(webhookAttempts.platformId, scope.platformId),
    eq(webhookAttempts.workspaceId, scope.workspaceId),
    eq(webhookAttempts.webhookId, webhookId),
  );
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select({
          id: webhookAttempts.id,
          deliveryId: webhookAttempts.deliveryId,
          event: webhookDeliveries.event,
          attempt: webhookAttempts.attempt,
          statusCode: webhookAttempts.statusCode,
          error: webhookAttempts.error,
          durationMs: webhookAttempts.durationMs,
          createdAt: webhookAttempts.createdAt,
          deliveryStatus: webhookDeliveries.status,
        })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(where)
        .orderBy(desc(webhookAttempts.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(webhookAttempts).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

/**
 * Deletes up to `batch` finished deliveries created before `before` (their attempts go with them) and answers
 * how many. Maintenance across every tenant: no request reaches it.
 */
export async function pruneDeliveries(db: DbOrTx, before: Date, batch: number) {
  const old = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')))
    .limit(batch);
  const deleted = await db
    .delete(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, old))
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}

// ---- platform-wide webhooks: every function takes the platform first and filters by it -------------------

export type PlatformWebhookRow = typeof hooks.$inferSelect;

const platformHookById = (platformId: number, id: number) =>
  and(eq(hooks.platformId, platformId), eq(hooks.id, id));

export async function listPlatformWebhooks(db: DbOrTx, platformId: number, page: Page) {
  const where = eq(hooks.platformId, platformId);
  const [rows, [total]] = await concurrently(
    db,
    () => db.select().from(hooks).where(where).orderBy(desc(hooks.id)).limit(page.limit).offset(page.offset),
    () => db.select({ n: count() }).from(hooks).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findPlatformWebhook(db: DbOrTx, platformId: number, id: number) {
  const [row] = await db.select().from(hooks).where(platformHookById(platformId, id));
  return row ?? null;
}

export async function insertPlatformWebhook(
  db: DbOrTx,
  platformId: number,
  values: Required<Pick<WebhookColumns, 'name' | 'url' | 'events' | 'active' | 'secret'>>,
) {
  const [row] = await db
    .insert(hooks)
    .values({ ...values, platformId })
    .returning();
  if (!row) throw new Error('platform webhook insert returned nothing');
  return row;
}

export async function updatePlatformWebhook(
  db: DbOrTx,
  platformId: number,
  id: number,
  values: WebhookColumns,
) {
  const [row] = await db
    .update(hooks)
    .set({ ...values, updatedAt: new Date() })
    .where(platformHookById(platformId, id))
    .returning();
  return row ?? null;
}

export async function deletePlatformWebhook(db: DbOrTx, platformId: number, id: number) {
  const deleted = await db.delete(hooks).where(platformHookById(platformId, id)).returning({ id: hooks.id });
  return deleted.length > 0;
}

/** The active platform webhooks that subscribe to an event. */
export function platformSubscribers(db: DbOrTx, platformId: number, event: WebhookEvent) {
  return db
    .select({ id: hooks.id })
    .from(hooks)
    .where(
      and(eq(hooks.platformId, platformId), eq(hooks.active, true), arrayContains(hooks.events, [event])),
    );
}

export async function insertPlatformDelivery(
  db: DbOrTx,
  platformId: number,
  values: { webhookId: number; workspaceId: number; event: WebhookEvent; payload: Record<string, unknown> },
) {
  const [row] = await db
    .insert(deliveries)
    .values({ ...values, platformId })
    .returning({ id: deliveries.id });
  if (!row) throw new Error('platform webhook delivery insert returned nothing');
  return row;
}

export async function findPlatformDelivery(db: DbOrTx, platformId: number, id: number) {
  const [row] = await db
    .select({
      id: deliveries.id,
      webhookId: deliveries.webhookId,
      event: deliveries.event,
      payload: deliveries.payload,
      status: deliveries.status,
      url: hooks.url,
      secret: hooks.secret,
      active: hooks.active,
    })
    .from(deliveries)
    .innerJoin(hooks, and(eq(hooks.platformId, deliveries.platformId), eq(hooks.id, deliveries.webhookId)))
    .where(and(eq(deliveries.platformId, platformId), eq(deliveries.id, id)));
  return row ?? null;
}

export async function recordPlatformAttempt(
  db: DbOrTx,
  platformId: number,
  attempt: AttemptRecord,
  status: WebhookDeliveryStatus,
) {
  await db.transaction(async (tx) => {
    await tx.insert(attempts).values({ ...attempt, platformId });
    await tx
      .update(deliveries)
      .set({ status })
      .where(and(eq(deliveries.platformId, platformId), eq(deliveries.id, attempt.deliveryId)));
  });
}

export async function listPlatformAttempts(db: DbOrTx, platformId: number, webhookId: number, page: Page) {
  const where = and(eq(attempts.platformId, platformId), eq(attempts.webhookId, webhookId));
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select({
          id: attempts.id,
          deliveryId: attempts.deliveryId,
          event: deliveries.event,
          attempt: attempts.attempt,
          statusCode: attempts.statusCode,
          error: attempts.error,
          durationMs: attempts.durationMs,
          createdAt: attempts.createdAt,
          deliveryStatus: deliveries.status,
        })
        .from(attempts)
        .innerJoin(
          deliveries,
          and(eq(deliveries.platformId, attempts.platformId), eq(deliveries.id, attempts.deliveryId)),
        )
        .where(where)
        .orderBy(desc(attempts.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(attempts).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}
