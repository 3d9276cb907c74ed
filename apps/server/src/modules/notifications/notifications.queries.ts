import { MANAGING_ROLES } from '@vendaval/core/permissions';
import type { NotificationKind } from '@vendaval/core/schemas/notifications';
import { and, count, desc, eq, gt, inArray, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { AuthContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import {
  notifications as n,
  pushSubscriptions as p,
  userSettings as s,
} from '../../schema/notifications.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { tasks } from '../../schema/tasks.tables.ts';
import { members } from '../../schema/users.tables.ts';

/** The user a notification belongs to: every read and write of this feature is filtered by it. */
export type Owner = Pick<AuthContext, 'platformId' | 'userId'>;
export type NotificationRow = typeof n.$inferSelect;
export type NotificationInsert = Omit<typeof n.$inferInsert, 'id' | 'readAt' | 'createdAt'>;
export type SettingsRow = typeof s.$inferSelect;
export type PushSubscriptionRow = typeof p.$inferSelect;
export type PushSubscriptionInsert = Omit<typeof p.$inferInsert, 'id' | 'createdAt'>;

const own = (owner: Owner) => and(eq(n.platformId, owner.platformId), eq(n.userId, owner.userId));
/** Only notifications of workspaces the user still belongs to are theirs to see. */
const stillMember = tenantJoin(members, n, eq(members.userId, n.userId));

/** Inserts what is not there yet (a cause seen twice inserts once) and answers the rows inserted. */
export function insertNotifications(tx: DbOrTx, rows: NotificationInsert[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return tx.insert(n).values(rows).onConflictDoNothing().returning();
}

export async function listOwn(
  db: DbOrTx,
  owner: Owner,
  page: { limit: number; offset: number; unreadOnly: boolean },
) {
  const where = and(own(owner), page.unreadOnly ? isNull(n.readAt) : undefined);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({ row: n })
      .from(n)
      .innerJoin(members, stillMember)
      .where(where)
      .orderBy(desc(n.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(n).innerJoin(members, stillMember).where(where),
    db
      .select({ value: count() })
      .from(n)
      .innerJoin(members, stillMember)
      .where(and(own(owner), isNull(n.readAt))),
  ]);
  return { rows: rows.map((r) => r.row), total: total?.value ?? 0, unread: unread?.value ?? 0 };
}

/** Marks one of the user's notifications read (once: the first reading time stays) and answers it. */
export async function markRead(db: DbOrTx, owner: Owner, id: number) {
  const visible = db
    .select({ id: n.id })
    .from(n)
    .innerJoin(members, stillMember)
    .where(and(own(owner), eq(n.id, id)));
  const [row] = await db
    .update(n)
    .set({ readAt: sql`coalesce(${n.readAt}, now())` })
    .where(and(own(owner), inArray(n.id, visible)))
    .returning();
  return row;
}

/** Deletes the given notifications of the user (all of them without `ids`); answers how many went. */
export async function deleteOwn(db: DbOrTx, owner: Owner, ids?: number[]) {
  const deleted = await db
    .delete(n)
    .where(and(own(owner), ids ? inArray(n.id, ids) : undefined))
    .returning({ id: n.id });
  return deleted.length;
}

export async function findSettings(db: DbOrTx, owner: Owner) {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.platformId, owner.platformId), eq(s.userId, owner.userId)));
  return row;
}

export async function saveSettings(
  db: DbOrTx,
  owner: Owner,
  values: Omit<SettingsRow, 'platformId' | 'userId' | 'updatedAt'>,
) {
  const [row] = await db
    .insert(s)
    .values({ ...values, ...owner })
    .onConflictDoUpdate({ target: [s.platformId, s.userId], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('settings not saved');
  return row;
}

/** Of these members of the workspace, those who have not switched the kind off. */
export async function membersNotifiedOf(tx: DbOrTx, scope: Scope, userIds: number[], kind: NotificationKind) {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ userId: members.userId })
    .from(members)
    .leftJoin(s, and(eq(s.platformId, members.platformId), eq(s.userId, members.userId)))
    .where(
      and(
        eq(members.platformId, scope.platformId),
        eq(members.workspaceId, scope.workspaceId),
        inArray(members.userId, userIds),
        sql`(${s.notifyKinds} is null or ${kind} = any(${s.notifyKinds}))`,
      ),
    );
  return rows.map((r) => r.userId);
}

/** The workspace's members who see every room, so may take one nobody attends (every role but salesRep). */
export async function roomTakers(tx: DbOrTx, scope: Scope) {
  const rows = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(
      and(
        eq(members.platformId, scope.platformId),
        eq(members.workspaceId, scope.workspaceId),
        ne(members.role, 'salesRep'),
      ),
    );
  return rows.map((r) => r.userId);
}

/** The workspace's members of a managing role: the managers an automation may tell. */
export async function workspaceManagers(tx: DbOrTx, scope: Scope) {
  const rows = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(
      and(
        eq(members.platformId, scope.platformId),
        eq(members.workspaceId, scope.workspaceId),
        inArray(members.role, [...MANAGING_ROLES]),
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * Open tasks with an owner whose time falls in (from, to] and whose owner was not told yet, across tenants, with
 * their card's name: the due-soon sweep. Times are Brasília wall clock, as the tasks keep them.
 */
export function tasksDueUnnotified(db: DbOrTx, from: string, to: string, limit: number) {
  return (
    db
      .select({
        id: tasks.id,
        platformId: tasks.platformId,
        workspaceId: tasks.workspaceId,
        userId: sql<number>`${tasks.userId}`,
        name: tasks.name,
        startTimestamp: tasks.startTimestamp,
        opportunityId: tasks.opportunityId,
        opportunityName: opportunities.name,
      })
      .from(tasks)
      .innerJoin(opportunities, tenantJoin(opportunities, tasks, eq(opportunities.id, tasks.opportunityId)))
      // Only owners still in the workspace who want to be told: the others would come back on every sweep.
      .innerJoin(members, tenantJoin(members, tasks, eq(members.userId, tasks.userId)))
      .leftJoin(s, and(eq(s.platformId, tasks.platformId), eq(s.userId, tasks.userId)))
      .where(
        and(
          gt(tasks.startTimestamp, from),
          lte(tasks.startTimestamp, to),
          ne(tasks.status, 'Completed'),
          eq(tasks.isRegistry, false),
          sql`${tasks.userId} is not null`,
          sql`(${s.notifyKinds} is null or 'task_due' = any(${s.notifyKinds}))`,
          notExists(
            db
              .select({ one: sql`1` })
              .from(n)
              .where(
                and(
                  eq(n.platformId, tasks.platformId),
                  eq(n.userId, tasks.userId),
                  eq(n.causeKey, sql`'task-due:' || ${tasks.id}`),
                ),
              ),
          ),
        ),
      )
      .orderBy(tasks.startTimestamp)
      .limit(limit)
  );
}

/** Notifications of the platform by id, whoever they belong to (a job's own list, never a request's ids). */
export function notificationsByIds(db: DbOrTx, platformId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(n)
    .where(and(eq(n.platformId, platformId), inArray(n.id, ids)));
}

/** Saves a device for the user; the same endpoint given again (a renewed subscription) moves to them. */
export async function savePushSubscription(db: DbOrTx, row: PushSubscriptionInsert) {
  const [saved] = await db
    .insert(p)
    .values(row)
    .onConflictDoUpdate({
      target: [p.platformId, p.endpoint],
      set: { userId: row.userId, deviceType: row.deviceType, p256dh: row.p256dh, auth: row.auth },
    })
    .returning();
  if (!saved) throw new Error('push subscription not saved');
  return saved;
}

/** The user's browsers that can receive Web Push. */
export function webPushSubscriptionsOf(db: DbOrTx, owner: Owner) {
  return db
    .select()
    .from(p)
    .where(
      and(
        eq(p.platformId, owner.platformId),
        eq(p.userId, owner.userId),
        eq(p.deviceType, 'Desktop'),
        sql`${p.p256dh} is not null`,
      ),
    );
}

export async function deletePushSubscription(db: DbOrTx, owner: Owner, id: number) {
  await db.delete(p).where(and(eq(p.platformId, owner.platformId), eq(p.userId, owner.userId), eq(p.id, id)));
}
