import { and, asc, count, eq, ilike, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { lowerName, opportunityTypes, taskTypes } from '../../schema/catalog.tables.ts';
import { scheduleTemplates, scheduleTemplateTasks } from '../../schema/planning.tables.ts';

/** What every admin-list table has: an id, its tenant, a name, timestamps. */
export type ListTable = PgTable & {
  id: AnyPgColumn;
  platformId: AnyPgColumn;
  workspaceId: AnyPgColumn;
  name: AnyPgColumn;
  updatedAt: AnyPgColumn;
};
export type RowOf<T extends ListTable> = T['$inferSelect'] & { id: number; name: string };
/** The columns a payload may set: never the id, the tenant or the timestamps. */
export type ColumnsOf<T extends ListTable> = Partial<
  Omit<T['$inferInsert'], 'id' | 'platformId' | 'workspaceId' | 'createdAt' | 'updatedAt'>
>;

const inScope = (table: ListTable, scope: Scope) =>
  and(eq(table.platformId, scope.platformId), eq(table.workspaceId, scope.workspaceId));
const byId = (table: ListTable, scope: Scope, id: number) => and(inScope(table, scope), eq(table.id, id));
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The Action lookups: the medias (or campaigns) the workspace's Action template tasks name. */
export interface ActionLookup {
  column: 'media' | 'campaign';
  role?: string | undefined;
  mediaId?: number | undefined;
}

function actionLookupIds(db: DbOrTx, scope: Scope, lookup: ActionLookup) {
  const t = scheduleTemplateTasks;
  const picked = lookup.column === 'media' ? t.mediaId : t.campaignId;
  return db
    .select({ id: picked })
    .from(t)
    .innerJoin(scheduleTemplates, tenantJoin(scheduleTemplates, t, eq(scheduleTemplates.id, t.templateId)))
    .where(
      and(
        ofWorkspace(t, scope),
        eq(scheduleTemplates.type, 'Action'),
        isNotNull(picked),
        lookup.role ? eq(t.role, lookup.role as typeof t.$inferSelect.role) : undefined,
        lookup.mediaId !== undefined ? eq(t.mediaId, lookup.mediaId) : undefined,
      ) as SQL,
    );
}

export async function listItems<T extends ListTable>(
  db: DbOrTx,
  table: T,
  scope: Scope,
  query: { search?: string | undefined; limit: number; offset: number },
  lookup?: ActionLookup,
) {
  const where = and(
    inScope(table, scope),
    query.search ? ilike(table.name, containing(query.search)) : undefined,
    lookup ? inArray(table.id, actionLookupIds(db, scope, lookup)) : undefined,
  );
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(asc(lowerName(table.name)), asc(table.id))
        .limit(query.limit)
        .offset(query.offset),
    () =>
      db
        .select({ n: count() })
        .from(table as PgTable)
        .where(where),
  );
  return { rows: rows as RowOf<T>[], total: total?.n ?? 0 };
}

/** One item of the workspace; with `lock`, held until the transaction ends. */
export async function findItem<T extends ListTable>(
  db: DbOrTx,
  table: T,
  scope: Scope,
  id: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(table as PgTable)
    .where(byId(table, scope, id))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row as RowOf<T> | undefined;
}

export async function insertItem<T extends ListTable>(
  db: DbOrTx,
  table: T,
  scope: Scope,
  columns: ColumnsOf<T>,
) {
  const values = { ...columns, platformId: scope.platformId, workspaceId: scope.workspaceId };
  const [row] = await db
    .insert(table)
    .values(values as PgInsertValue<T>)
    .returning();
  if (!row) throw new Error('list item insert returned nothing');
  return row as RowOf<T>;
}

export async function updateItem<T extends ListTable>(
  db: DbOrTx,
  table: T,
  scope: Scope,
  id: number,
  columns: ColumnsOf<T>,
) {
  const rows = await db
    .update(table)
    .set({ ...columns, updatedAt: new Date() } as PgUpdateSetSource<T>)
    .where(byId(table, scope, id))
    .returning();
  return (rows as RowOf<T>[])[0];
}

export async function deleteItem<T extends ListTable>(db: DbOrTx, table: T, scope: Scope, id: number) {
  const [row] = await db
    .delete(table)
    .where(byId(table, scope, id))
    .returning();
  return row as RowOf<T> | undefined;
}

/** Names of the task types whose default interaction type is `interactionTypeId`. */
export async function taskTypesDefaultingTo(db: DbOrTx, scope: Scope, interactionTypeId: number) {
  const rows = await db
    .select({ name: taskTypes.name })
    .from(taskTypes)
    .where(and(inScope(taskTypes, scope), eq(taskTypes.defaultInteractionTypeId, interactionTypeId)))
    .orderBy(asc(lowerName(taskTypes.name)));
  return rows.map((row) => row.name);
}

/** Unmarks the workspace's default opportunity type, unless it is `keepId`. */
export async function clearDefaultOpportunityType(db: DbOrTx, scope: Scope, keepId?: number) {
  await db
    .update(opportunityTypes)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        inScope(opportunityTypes, scope),
        eq(opportunityTypes.isDefault, true),
        keepId === undefined ? undefined : ne(opportunityTypes.id, keepId),
      ),
    );
}
