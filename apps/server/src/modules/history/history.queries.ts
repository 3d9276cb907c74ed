import { APP_TIME_ZONE, type LogType } from '@vendaval/core/constants';
import type { HistoryQuery } from '@vendaval/core/schemas/history';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { preparedPerDb } from '../../infra/prepared.ts';
import { type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { historyLogs } from '../../schema/history.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { users } from '../../schema/users.tables.ts';

export interface HistoryInsert {
  type: LogType;
  opportunityId: number | null;
  contactId: number | null;
  userId: number | null;
  taskId?: number | null;
  data?: Record<string, unknown>;
  /** When it happened, if not now: entries of seeded data carry the time of what they record. */
  createdAt?: Date;
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
      createdAt: e.createdAt,
    })),
  );
}

type Subject = Pick<HistoryQuery, 'opportunity_id' | 'contact_id' | 'user_id'>;
const SUBJECT_COLUMNS = {
  opportunity_id: historyLogs.opportunityId,
  contact_id: historyLogs.contactId,
  user_id: historyLogs.userId,
} as const;
type SubjectField = keyof typeof SUBJECT_COLUMNS;
const SUBJECT_FIELDS = Object.keys(SUBJECT_COLUMNS) as SubjectField[];

/** Which ids a query names, e.g. 'opportunity_id' or 'contact_id+user_id': one prepared statement each. */
const subjectVariant = (subject: Subject) => SUBJECT_FIELDS.filter((f) => subject[f] !== undefined).join('+');

function subjectFilter(variant: string): SQL {
  const named = variant.split('+').filter(Boolean) as SubjectField[];
  return and(
    eq(historyLogs.platformId, sql.placeholder('platformId')),
    eq(historyLogs.workspaceId, sql.placeholder('workspaceId')),
    ...named.map((field) => eq(SUBJECT_COLUMNS[field], sql.placeholder(field))),
  ) as SQL;
}

const entriesPage = preparedPerDb((db: DbOrTx, variant: string) =>
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
    .leftJoin(users, tenantJoin(users, historyLogs, eq(users.id, historyLogs.userId)))
    .leftJoin(opportunities, eq(opportunities.id, historyLogs.opportunityId))
    .where(subjectFilter(variant))
    .orderBy(desc(historyLogs.createdAt), desc(historyLogs.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`history_page_${variant || 'all'}`),
);

const entriesCount = preparedPerDb((db: DbOrTx, variant: string) =>
  db
    .select({ total: count() })
    .from(historyLogs)
    .where(subjectFilter(variant))
    .prepare(`history_count_${variant || 'all'}`),
);

/** Entries newest first, with who did them and on which card. */
export async function listEntries(
  db: DbOrTx,
  scope: Scope,
  subject: Subject,
  page: { limit: number; offset: number },
) {
  const variant = subjectVariant(subject);
  const params = {
    platformId: scope.platformId,
    workspaceId: scope.workspaceId,
    ...Object.fromEntries(SUBJECT_FIELDS.filter((f) => subject[f] !== undefined).map((f) => [f, subject[f]])),
  };
  const [rows, [total]] = await concurrently(
    db,
    () => entriesPage(db, variant).execute({ ...params, limit: page.limit, offset: page.offset }),
    () => entriesCount(db, variant).execute(params),
  );
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
