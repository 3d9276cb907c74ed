import { and, asc, count, eq, gt, ilike, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import { containing, foldedContains, idOf, phoneDigitsOf } from '../../infra/search.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { contacts } from '../../schema/contacts.tables.ts';

export type ContactInsert = Omit<typeof contacts.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;
export type ContactRow = typeof contacts.$inferSelect;
/** The columns a person may change. */
export type ContactPatch = Partial<Omit<ContactInsert, 'createdAt' | 'updatedAt'>>;

const inScope = (scope: Scope) =>
  and(eq(contacts.platformId, scope.platformId), eq(contacts.workspaceId, scope.workspaceId));

export function insertContacts(db: DbOrTx, scope: Scope, rows: ContactInsert[]) {
  return db
    .insert(contacts)
    .values(rows.map((r) => ({ ...r, platformId: scope.platformId, workspaceId: scope.workspaceId })))
    .returning({ id: contacts.id, name: contacts.name });
}

export async function insertContact(db: DbOrTx, scope: Scope, row: ContactInsert) {
  const [created] = await db
    .insert(contacts)
    .values({ ...row, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!created) throw new Error('contact insert returned nothing');
  return created;
}

/** One contact of the workspace; with `lock`, held until the transaction ends. */
export async function findContact(db: DbOrTx, scope: Scope, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(contacts)
    .where(and(inScope(scope), eq(contacts.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The oldest contact of the workspace with this phone number, other than `exceptId`. */
export async function findContactByPhone(db: DbOrTx, scope: Scope, phone: string, exceptId?: number) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(
      and(
        inScope(scope),
        eq(contacts.phoneNumber, phone),
        exceptId === undefined ? undefined : ne(contacts.id, exceptId),
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(1);
  return row;
}

export async function updateContact(db: DbOrTx, scope: Scope, id: number, patch: ContactPatch) {
  const [row] = await db
    .update(contacts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(contacts.id, id)))
    .returning();
  return row;
}

/** Name, e-mail, phone digits or '#id'. */
function searchCondition(term: string): SQL | undefined {
  const digits = phoneDigitsOf(term);
  const id = idOf(term);
  return or(
    foldedContains(contacts.name, term),
    ilike(contacts.email, containing(term)),
    digits ? like(contacts.phoneNumber, containing(digits)) : undefined,
    id ? eq(contacts.id, id) : undefined,
  );
}

/** A page of the workspace's contacts by name. */
export async function listContacts(
  db: DbOrTx,
  scope: Scope,
  query: { search?: string | undefined; limit: number; offset: number },
) {
  const where = and(inScope(scope), query.search ? searchCondition(query.search) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(sql`lower(${contacts.name})`, asc(contacts.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The workspace's contacts after `afterId`, by id: keyset pages for an export of any size. */
export function listContactsAfter(db: DbOrTx, scope: Scope, afterId: number, limit: number) {
  return db
    .select()
    .from(contacts)
    .where(and(inScope(scope), gt(contacts.id, afterId)))
    .orderBy(asc(contacts.id))
    .limit(limit);
}

/** Id and phone of the workspace's contacts with any of these phone numbers (digits with country code), oldest first. */
export function findContactsByPhones(db: DbOrTx, scope: Scope, phones: string[]) {
  if (phones.length === 0) return Promise.resolve([]);
  const list = sql.join(
    phones.map((phone) => sql`${phone}`),
    sql`, `,
  );
  return db
    .select({ id: contacts.id, phoneNumber: contacts.phoneNumber })
    .from(contacts)
    .where(
      and(
        eq(contacts.platformId, scope.platformId),
        eq(contacts.workspaceId, scope.workspaceId),
        sql`${contacts.phoneNumber} in (${list})`,
      ),
    )
    .orderBy(asc(contacts.id));
}
