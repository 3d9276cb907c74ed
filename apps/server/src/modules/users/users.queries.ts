import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AuthContext, WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { preparedPerDb } from '../../infra/prepared.ts';
import { tenantJoin } from '../../infra/tenancy/scope.ts';
import { members, users } from '../../schema/users.tables.ts';
import { workspaces } from '../../schema/workspaces.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type MemberRow = typeof members.$inferSelect;

export async function findUserByLogin(db: DbOrTx, platformId: number, login: string) {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.platformId, platformId), or(eq(users.email, value), eq(users.username, value))))
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, platformId: number, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.platformId, platformId), eq(users.id, userId)))
    .limit(1);
  return row;
}

const workspaceAccess = preparedPerDb((db: DbOrTx, _variant: 'one') =>
  db
    .select({
      tokenVersion: users.tokenVersion,
      role: sql<string | null>`case when ${workspaces.id} is null then null else ${members.role} end`,
    })
    .from(users)
    .leftJoin(
      members,
      tenantJoin(
        members,
        users,
        eq(members.workspaceId, sql.placeholder('workspaceId')),
        eq(members.userId, users.id),
      ),
    )
    .leftJoin(workspaces, tenantJoin(workspaces, members, eq(workspaces.id, members.workspaceId)))
    .where(and(eq(users.platformId, sql.placeholder('platformId')), eq(users.id, sql.placeholder('userId'))))
    .limit(1)
    .prepare('workspace_access'),
);

/**
 * What every workspace request checks, in one statement: the user's token version and, when they are a member of
 * that workspace of their platform, their role there (null otherwise).
 */
export async function findWorkspaceAccess(
  db: DbOrTx,
  platformId: number,
  workspaceId: number,
  userId: number,
) {
  const [row] = await workspaceAccess(db, 'one').execute({ platformId, workspaceId, userId });
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  platformId: number,
  userId: number,
  patch: Partial<
    Pick<UserRow, 'name' | 'passwordHash' | 'operationalStatus' | 'lastLoginAt' | 'defaultWorkspaceId'>
  >,
) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.platformId, platformId), eq(users.id, userId)));
}

export async function bumpTokenVersion(db: DbOrTx, platformId: number, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.platformId, platformId), eq(users.id, userId)));
}

export async function usernameTaken(db: DbOrTx, platformId: number, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.platformId, platformId), eq(users.username, username)))
    .limit(1);
  return row !== undefined;
}

export function membershipsOf(db: DbOrTx, auth: AuthContext) {
  return db
    .select({ workspaceId: members.workspaceId, role: members.role })
    .from(members)
    .where(and(eq(members.platformId, auth.platformId), eq(members.userId, auth.userId)));
}

export async function findMembership(db: DbOrTx, platformId: number, workspaceId: number, userId: number) {
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.platformId, platformId),
        eq(members.workspaceId, workspaceId),
        eq(members.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertMember(db: DbOrTx, values: typeof members.$inferInsert) {
  await db.insert(members).values(values);
}

export async function updateMember(
  db: DbOrTx,
  ctx: WorkspaceContext,
  userId: number,
  patch: Partial<Pick<MemberRow, 'role' | 'voipUsername' | 'voipPassword' | 'managerId'>>,
) {
  await db
    .update(members)
    .set(patch)
    .where(
      and(
        eq(members.platformId, ctx.platformId),
        eq(members.workspaceId, ctx.workspaceId),
        eq(members.userId, userId),
      ),
    );
}

export async function deleteMember(db: DbOrTx, platformId: number, workspaceId: number, userId: number) {
  await db
    .delete(members)
    .where(
      and(
        eq(members.platformId, platformId),
        eq(members.workspaceId, workspaceId),
        eq(members.userId, userId),
      ),
    );
}

/** Ids of the members holding one of `roles`, whose memberships stay locked until the transaction ends. */
export async function lockMembersWithRoles(
  db: DbOrTx,
  platformId: number,
  workspaceId: number,
  roles: readonly string[],
) {
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(
      and(
        eq(members.platformId, platformId),
        eq(members.workspaceId, workspaceId),
        inArray(members.role, [...roles]),
      ),
    )
    .orderBy(asc(members.userId))
    .for('update');
  return rows.map((row) => row.userId);
}

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  operationalStatus: users.operationalStatus,
  role: members.role,
  voipUsername: members.voipUsername,
  voipPassword: members.voipPassword,
  joinedAt: members.createdAt,
  lastLoginAt: users.lastLoginAt,
  managerId: members.managerId,
};

export interface MemberFilter {
  search?: string | undefined;
  role?: string | undefined;
  operational_status?: string | undefined;
  onlyUserId?: number | undefined;
  /** Only these members and those who report to nobody. */
  teamOf?: number[] | undefined;
  limit: number;
  offset: number;
}

export async function listMembers(db: DbOrTx, ctx: WorkspaceContext, filter: MemberFilter) {
  const term = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(members.platformId, ctx.platformId),
    eq(members.workspaceId, ctx.workspaceId),
    filter.role ? eq(members.role, filter.role) : undefined,
    filter.operational_status ? eq(users.operationalStatus, filter.operational_status) : undefined,
    filter.onlyUserId ? eq(members.userId, filter.onlyUserId) : undefined,
    filter.teamOf ? or(isNull(members.managerId), inArray(members.userId, filter.teamOf)) : undefined,
    term ? or(ilike(users.name, term), ilike(users.email, term), ilike(users.username, term)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(members)
      .innerJoin(users, tenantJoin(users, members, eq(users.id, members.userId)))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(members)
      .innerJoin(users, tenantJoin(users, members, eq(users.id, members.userId)))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMember(db: DbOrTx, ctx: WorkspaceContext, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .innerJoin(users, tenantJoin(users, members, eq(users.id, members.userId)))
    .where(
      and(
        eq(members.platformId, ctx.platformId),
        eq(members.workspaceId, ctx.workspaceId),
        eq(members.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

export type MemberView = NonNullable<Awaited<ReturnType<typeof findMember>>>;

// Any fixed number: it names the hierarchy locks among the server's advisory locks.
const HIERARCHY_LOCK = 0x48494552;

/** Serialises hierarchy changes in a workspace, so two of them cannot close a cycle between them. */
export async function lockHierarchy(tx: DbOrTx, ctx: WorkspaceContext) {
  await tx.execute(sql`select pg_advisory_xact_lock(${HIERARCHY_LOCK}, ${ctx.workspaceId})`);
}

/** Everyone who reports to `userId` in the workspace, directly or further down (UNION stops at a cycle). */
export async function reportsOf(db: DbOrTx, ctx: WorkspaceContext, userId: number): Promise<number[]> {
  // Both drivers answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    with recursive below(user_id) as (
      select ${members.userId} from ${members}
      where ${members.platformId} = ${ctx.platformId} and ${members.workspaceId} = ${ctx.workspaceId}
        and ${members.managerId} = ${userId}
      union
      select m.user_id from ${members} m join below b on m.manager_id = b.user_id
      where m.platform_id = ${ctx.platformId} and m.workspace_id = ${ctx.workspaceId}
    )
    select user_id from below`)) as unknown as { rows: { user_id: number }[] };
  return result.rows.map((row) => Number(row.user_id));
}

/** Whoever reported to a member who leaves the workspace now reports to nobody. */
export async function clearManager(db: DbOrTx, platformId: number, workspaceId: number, managerId: number) {
  await db
    .update(members)
    .set({ managerId: null })
    .where(
      and(
        eq(members.platformId, platformId),
        eq(members.workspaceId, workspaceId),
        eq(members.managerId, managerId),
      ),
    );
}

export function userNames(db: DbOrTx, platformId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.platformId, platformId), inArray(users.id, ids)));
}

/**
 * Round-robin: the Working member of the role who got a card longest ago (never first), marked as served now.
 * Rows another distribution holds are skipped, so concurrent ones take turns instead of picking the same person;
 * when every one is held, it waits for the first in turn rather than answer that nobody is available.
 */
export async function takeRoundRobinAssignee(
  db: DbOrTx,
  scope: Pick<WorkspaceContext, 'platformId' | 'workspaceId'>,
  role: string,
) {
  const next = (await nextInTurn(db, scope, role, true)) ?? (await nextInTurn(db, scope, role, false));
  if (!next) return null;
  await db
    .update(members)
    .set({ lastAssignedAt: sql`clock_timestamp()` })
    .where(
      and(
        eq(members.platformId, scope.platformId),
        eq(members.workspaceId, scope.workspaceId),
        eq(members.userId, next.userId),
      ),
    );
  return next.userId;
}

async function nextInTurn(
  db: DbOrTx,
  scope: Pick<WorkspaceContext, 'platformId' | 'workspaceId'>,
  role: string,
  skipLocked: boolean,
) {
  const [next] = await db
    .select({ userId: members.userId })
    .from(members)
    .innerJoin(users, tenantJoin(users, members, eq(users.id, members.userId)))
    .where(
      and(
        eq(members.platformId, scope.platformId),
        eq(members.workspaceId, scope.workspaceId),
        eq(members.role, role),
        eq(users.operationalStatus, 'Working'),
      ),
    )
    .orderBy(sql`${members.lastAssignedAt} asc nulls first`, asc(members.userId))
    .limit(1)
    .for('update', skipLocked ? { of: members, skipLocked: true } : { of: members });
  return next;
}
