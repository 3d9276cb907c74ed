import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { formSubmissions, forms } from '../../schema/forms.tables.ts';

export type FormRow = typeof forms.$inferSelect;
export type FormColumns = Omit<typeof forms.$inferInsert, 'id' | 'platformId' | 'workspaceId' | 'createdAt'>;
export type SubmissionInsert = Omit<typeof formSubmissions.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;
type Page = { limit: number; offset: number };

const byId = (scope: Scope, id: number) => and(ofWorkspace(forms, scope), eq(forms.id, id));

export async function listForms(db: DbOrTx, scope: Scope, page: Page) {
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(forms)
        .where(ofWorkspace(forms, scope))
        .orderBy(desc(forms.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(forms).where(ofWorkspace(forms, scope)),
  );
  return { rows, total: total?.n ?? 0 };
}

/** How many submissions each of these forms has received. */
export async function countSubmissions(db: DbOrTx, scope: Scope, formIds: number[]) {
  if (formIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ formId: formSubmissions.formId, n: count() })
    .from(formSubmissions)
    .where(and(ofWorkspace(formSubmissions, scope), inArray(formSubmissions.formId, formIds)))
    .groupBy(formSubmissions.formId);
  return new Map(rows.map((r) => [r.formId, r.n]));
}

export async function findForm(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db.select().from(forms).where(byId(scope, id));
  return row ?? null;
}

/** A form of this platform by its public id, whatever its workspace (the visitor's page names no workspace). */
export async function findPublicForm(db: DbOrTx, platformId: number, publicId: string) {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.platformId, platformId), eq(forms.publicId, publicId)));
  return row ?? null;
}

export async function insertForm(db: DbOrTx, scope: Scope, values: FormColumns) {
  const [row] = await db
    .insert(forms)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('form insert returned nothing');
  return row;
}

export async function updateForm(db: DbOrTx, scope: Scope, id: number, values: Partial<FormColumns>) {
  const [row] = await db
    .update(forms)
    .set({ ...values, updatedAt: sql`now()` })
    .where(byId(scope, id))
    .returning();
  return row ?? null;
}

export async function deleteForm(db: DbOrTx, scope: Scope, id: number) {
  const deleted = await db.delete(forms).where(byId(scope, id)).returning({ id: forms.id });
  return deleted.length > 0;
}

export async function insertSubmission(db: DbOrTx, scope: Scope, values: SubmissionInsert) {
  const [row] = await db
    .insert(formSubmissions)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('form submission insert returned nothing');
  return row;
}

/** A form's submissions, newest first, with the name of the contact each one made or reused. */
export async function listSubmissions(db: DbOrTx, scope: Scope, formId: number, page: Page) {
  const mine = and(ofWorkspace(formSubmissions, scope), eq(formSubmissions.formId, formId));
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select({ submission: formSubmissions, contactName: contacts.name })
        .from(formSubmissions)
        .leftJoin(contacts, tenantJoin(contacts, formSubmissions, eq(contacts.id, formSubmissions.contactId)))
        .where(mine)
        .orderBy(desc(formSubmissions.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(formSubmissions).where(mine),
  );
  return { rows, total: total?.n ?? 0 };
}

/**
 * Holds, until the transaction ends, every other submission with this phone in this workspace: two sent at once
 * then find one contact instead of making two.
 */
export async function lockPhone(tx: DbOrTx, scope: Scope, phone: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`form-contact:${scope.workspaceId}:${phone}`}, 0))`,
  );
}
