import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope } from '../../infra/tenancy/scope.ts';
import { scheduleTasks, scheduleTemplates, scheduleTemplateTasks } from '../../schema/planning.tables.ts';
import { members } from '../../schema/users.tables.ts';

export type TemplateRow = typeof scheduleTemplates.$inferSelect;
export type TemplateTaskRow = typeof scheduleTemplateTasks.$inferSelect;
export type ScheduleTaskRow = typeof scheduleTasks.$inferSelect;
type Owned = 'id' | 'platformId' | 'workspaceId' | 'createdAt' | 'updatedAt';
export type TemplateInsert = Omit<typeof scheduleTemplates.$inferInsert, Owned>;
export type TemplateTaskInsert = Omit<typeof scheduleTemplateTasks.$inferInsert, Owned>;
export type ScheduleTaskInsert = Omit<typeof scheduleTasks.$inferInsert, Owned>;

const tenant = (scope: Scope) => ({ platformId: scope.platformId, workspaceId: scope.workspaceId });
const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// --- templates -------------------------------------------------------------------------------------------------

// Spelled out: inside a select list the ORM leaves columns unqualified, and the subquery must name the outer row.
const tasksCount =
  sql<number>`(select count(*) from schedule_template_tasks stt where stt.platform_id = "schedule_templates"."platform_id" and stt.workspace_id = "schedule_templates"."workspace_id" and stt.template_id = "schedule_templates"."id")`.mapWith(
    Number,
  );

export async function listTemplates(
  db: DbOrTx,
  scope: Scope,
  filter: { type?: string | undefined; search?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    ofWorkspace(scheduleTemplates, scope),
    filter.type ? eq(scheduleTemplates.type, filter.type as TemplateRow['type']) : undefined,
    filter.search ? ilike(scheduleTemplates.name, escapeLike(filter.search)) : undefined,
  ) as SQL;
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select({ template: scheduleTemplates, tasksCount })
        .from(scheduleTemplates)
        .where(where)
        .orderBy(desc(scheduleTemplates.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(scheduleTemplates).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export function templateOptions(db: DbOrTx, scope: Scope) {
  return db
    .select({ id: scheduleTemplates.id, name: scheduleTemplates.name, type: scheduleTemplates.type })
    .from(scheduleTemplates)
    .where(ofWorkspace(scheduleTemplates, scope))
    .orderBy(asc(scheduleTemplates.name), asc(scheduleTemplates.id))
    .limit(1000);
}

export async function findTemplate(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({ template: scheduleTemplates, tasksCount })
    .from(scheduleTemplates)
    .where(and(ofWorkspace(scheduleTemplates, scope), eq(scheduleTemplates.id, id)));
  return row;
}

export async function insertTemplate(tx: DbOrTx, scope: Scope, values: TemplateInsert) {
  const [row] = await tx
    .insert(scheduleTemplates)
    .values({ ...values, ...tenant(scope) })
    .returning();
  return row as TemplateRow;
}

export function updateTemplate(tx: DbOrTx, scope: Scope, id: number, values: Partial<TemplateInsert>) {
  return tx
    .update(scheduleTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofWorkspace(scheduleTemplates, scope), eq(scheduleTemplates.id, id)));
}

export function deleteTemplate(tx: DbOrTx, scope: Scope, id: number) {
  return tx
    .delete(scheduleTemplates)
    .where(and(ofWorkspace(scheduleTemplates, scope), eq(scheduleTemplates.id, id)));
}

// --- template tasks --------------------------------------------------------------------------------------------

export function listTemplateTasks(db: DbOrTx, scope: Scope, templateId: number) {
  return db
    .select()
    .from(scheduleTemplateTasks)
    .where(and(ofWorkspace(scheduleTemplateTasks, scope), eq(scheduleTemplateTasks.templateId, templateId)))
    .orderBy(asc(scheduleTemplateTasks.time), asc(scheduleTemplateTasks.id));
}

export async function findTemplateTask(db: DbOrTx, scope: Scope, templateId: number, id: number) {
  const [row] = await db
    .select()
    .from(scheduleTemplateTasks)
    .where(
      and(
        ofWorkspace(scheduleTemplateTasks, scope),
        eq(scheduleTemplateTasks.templateId, templateId),
        eq(scheduleTemplateTasks.id, id),
      ),
    );
  return row;
}

export async function insertTemplateTask(tx: DbOrTx, scope: Scope, values: TemplateTaskInsert) {
  const [row] = await tx
    .insert(scheduleTemplateTasks)
    .values({ ...values, ...tenant(scope) })
    .returning();
  return row as TemplateTaskRow;
}

export async function updateTemplateTask(
  tx: DbOrTx,
  scope: Scope,
  templateId: number,
  id: number,
  values: Partial<TemplateTaskInsert>,
) {
  const [row] = await tx
    .update(scheduleTemplateTasks)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        ofWorkspace(scheduleTemplateTasks, scope),
        eq(scheduleTemplateTasks.templateId, templateId),
        eq(scheduleTemplateTasks.id, id),
      ),
    )
    .returning();
  return row;
}

export function deleteTemplateTasks(tx: DbOrTx, scope: Scope, templateId: number, ids: number[]) {
  return tx
    .delete(scheduleTemplateTasks)
    .where(
      and(
        ofWorkspace(scheduleTemplateTasks, scope),
        eq(scheduleTemplateTasks.templateId, templateId),
        inArray(scheduleTemplateTasks.id, ids),
      ),
    )
    .returning({ id: scheduleTemplateTasks.id });
}

// --- schedule tasks --------------------------------------------------------------------------------------------

/** The members of the workspace who hold a role. */
export function membersWithRoles(db: DbOrTx, scope: Scope, roles: string[]) {
  return db
    .select({ userId: members.userId, role: members.role })
    .from(members)
    .where(and(ofWorkspace(members, scope), inArray(members.role, roles)));
}

export async function listScheduleTasks(
  db: DbOrTx,
  scope: Scope,
  filter: {
    from?: string | undefined;
    until?: string | undefined;
    userId?: number | undefined;
    templateId?: number | undefined;
    importedOnly?: boolean;
  },
  page: { limit: number; offset: number },
) {
  const t = scheduleTasks;
  const where = and(
    ofWorkspace(t, scope),
    filter.from ? gte(t.startTimestamp, filter.from) : undefined,
    filter.until ? lt(t.startTimestamp, filter.until) : undefined,
    filter.userId !== undefined ? eq(t.userId, filter.userId) : undefined,
    filter.templateId !== undefined ? eq(t.templateId, filter.templateId) : undefined,
    filter.importedOnly ? isNotNull(t.templateTaskId) : undefined,
  ) as SQL;
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(t)
        .where(where)
        .orderBy(asc(t.startTimestamp), asc(t.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(t).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findScheduleTask(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(scheduleTasks)
    .where(and(ofWorkspace(scheduleTasks, scope), eq(scheduleTasks.id, id)));
  return row;
}

export async function insertScheduleTask(tx: DbOrTx, scope: Scope, values: ScheduleTaskInsert) {
  const [row] = await tx
    .insert(scheduleTasks)
    .values({ ...values, ...tenant(scope) })
    .returning();
  return row as ScheduleTaskRow;
}

/** Imported tasks; one already there for the same template task, member and time is kept as it is. */
export async function insertImportedTasks(tx: DbOrTx, scope: Scope, values: ScheduleTaskInsert[]) {
  if (values.length === 0) return 0;
  const rows = await tx
    .insert(scheduleTasks)
    .values(values.map((v) => ({ ...v, ...tenant(scope) })))
    .onConflictDoNothing()
    .returning({ id: scheduleTasks.id });
  return rows.length;
}

export async function updateScheduleTask(
  tx: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<ScheduleTaskInsert>,
) {
  const [row] = await tx
    .update(scheduleTasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofWorkspace(scheduleTasks, scope), eq(scheduleTasks.id, id)))
    .returning();
  return row as ScheduleTaskRow;
}

export function deleteScheduleTask(tx: DbOrTx, scope: Scope, id: number) {
  return tx.delete(scheduleTasks).where(and(ofWorkspace(scheduleTasks, scope), eq(scheduleTasks.id, id)));
}
