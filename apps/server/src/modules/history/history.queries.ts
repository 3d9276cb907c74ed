import { APP_TIME_ZONE, type LogType } from '@vendaval/core/constants';
import type { HistoryQuery } from '@vendaval/core/schemas/history';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { opportunities } from '../opportunities/opportunities.tables.ts';
import { users } from '../users/users.tables.ts';
import { historyLogs } from './history.tables.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;

export interface HistoryInsert {
  type: LogType;
  opportunityId: number | null;
  contactId: number | null;
  userId: number | null;
  taskId?: number | null;
  data?: Record<string, unknown>;
}

export async function insertEntries(db: DbOrTx, scope: Scope, entries: HistoryInsert[]) {
  if (entries.length === 0) return;
  await db.insert(historyLogs).values(
    entries.map((e) => ({
      platformId: scope.platformId,
      workspaceId: scope.workspaceId,
      type: e.type,
      opportunityId: e.opportunityId,
      contactId: e.contactId,
      userId: e.userId,
      taskId: e.taskId ?? null,
      data: e.data ?? {},
    })),
  );
}

type Subject = Pick<HistoryQuery, 'opportunity_id' | 'contact_id' | 'user_id'>;

function subjectFilter(scope: Scope, subject: Subject): SQL {
  const filters: (SQL | undefined)[] = [
    eq(historyLogs.platformId, scope.platformId),
    eq(historyLogs.workspaceId, scope.workspaceId),
    subject.opportunity_id === undefined ? undefined : eq(historyLogs.opportunityId, subject.opportunity_id),
    subject.contact_id === undefined ? undefined : eq(historyLogs.contactId, subject.contact_id),
    subject.user_id === undefined ? undefined : eq(historyLogs.userId, subject.user_id),
  ];
  return and(...filters) as SQL;
}

/** Entries newest first, with who did them and on which card. */
export async function listEntries(
  db: DbOrTx,
  scope: Scope,
  subject: Subject,
  page: { limit: number; offset: number },
) {
  const where = subjectFilter(scope, subject);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: historyLogs.id,
        type: historyLogs.type,
        createdAt: sql<string>`to_char(${historyLogs.createdAt} at time zone ${sql.raw(`'${APP_TIME_ZONE}'`)}, 'YYYY-MM-DD HH24:MI')`,
        data: historyLogs.data,
        taskId: historyLogs.taskId,
        userId: users.id,
        userName: users.name,
        accessCode: users.accessCode,
        opportunityId: opportunities.id,
        opportunityName: opportunities.name,
      })
      .from(historyLogs)
      .leftJoin(users, and(eq(users.platformId, historyLogs.platformId), eq(users.id, historyLogs.userId)))
      .leftJoin(opportunities, eq(opportunities.id, historyLogs.opportunityId))
      .where(where)
      .orderBy(desc(historyLogs.createdAt), desc(historyLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(historyLogs).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** A card's entries follow it to another workspace (transfer). */
export async function moveEntries(
  db: DbOrTx,
  from: Scope,
  to: Scope,
  opportunityIds: number[],
  contactId?: number | null,
) {
  if (opportunityIds.length === 0) return;
  await db
    .update(historyLogs)
    .set({ workspaceId: to.workspaceId, ...(contactId === undefined ? {} : { contactId }) })
    .where(
      and(
        eq(historyLogs.platformId, from.platformId),
        eq(historyLogs.workspaceId, from.workspaceId),
        inArray(historyLogs.opportunityId, opportunityIds),
      ),
    );
}
