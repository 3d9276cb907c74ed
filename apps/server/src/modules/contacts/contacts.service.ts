import { MESSAGES } from '@vendaval/core/messages';
import type { Contact, ContactFields, ContactListQuery } from '@vendaval/core/schemas/contacts';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { conflict, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { listHistory } from '../history/history.service.ts';
import * as q from './contacts.queries.ts';

export type { ContactRow } from './contacts.queries.ts';

/** Bulk insert without rules (demo seed, imports). */
export const createContacts = (db: DbOrTx, scope: Scope, rows: q.ContactInsert[]) =>
  q.insertContacts(db, scope, rows);

export function toContact(row: q.ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    phone_number: row.phoneNumber,
    country_code: row.countryCode,
    email: row.email,
    birthdate: row.birthdate,
    document: row.document,
    id_number: row.idNumber,
    postal_code: row.postalCode,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    state_code: row.stateCode,
    city_name: row.cityName,
    neighborhood: row.neighborhood,
    instagram: row.instagram,
    facebook: row.facebook,
    linkedin: row.linkedin,
    is_blacklisted: row.isBlacklisted,
    blacklist_reason: row.blacklistReason,
    workspace_id: row.workspaceId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const COLUMN_OF = {
  name: 'name',
  phone_number: 'phoneNumber',
  country_code: 'countryCode',
  email: 'email',
  birthdate: 'birthdate',
  document: 'document',
  id_number: 'idNumber',
  postal_code: 'postalCode',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  state_code: 'stateCode',
  city_name: 'cityName',
  neighborhood: 'neighborhood',
  instagram: 'instagram',
  facebook: 'facebook',
  linkedin: 'linkedin',
  is_blacklisted: 'isBlacklisted',
  blacklist_reason: 'blacklistReason',
} as const satisfies Record<Exclude<keyof ContactFields, 'id'>, keyof q.ContactPatch>;

/** The columns of the fields a payload names; fields it leaves out are not touched. */
function toColumns(fields: Partial<ContactFields>): q.ContactPatch {
  const patch: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const value = fields[field as keyof typeof COLUMN_OF];
    if (value !== undefined) patch[column] = value;
  }
  return patch as q.ContactPatch;
}

/** A keyset page of the workspace's contacts, for an export. */
export const contactsAfter = (db: DbOrTx, scope: Scope, afterId: number, limit: number) =>
  q.listContactsAfter(db, scope, afterId, limit);

/** A contact of the workspace, or undefined. */
export const findContact = (db: DbOrTx, scope: Scope, id: number) => q.findContact(db, scope, id);

async function existing(db: DbOrTx, scope: Scope, id: number, lock = false) {
  const row = await q.findContact(db, scope, id, { lock });
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

/** Refuses a phone number another contact of the workspace already has (one person, one contact). */
async function ensurePhoneFree(db: DbOrTx, scope: Scope, phone: string | null | undefined, id: number) {
  if (phone && (await q.findContactByPhone(db, scope, phone, id))) throw conflict(MESSAGES.contactPhoneTaken);
}

export async function listContacts(db: Db, ctx: WorkspaceContext, query: ContactListQuery) {
  const { rows, total } = await q.listContacts(db, ctx, query);
  return pageOf(rows.map(toContact), total, query.limit, query.offset);
}

export async function getContact(db: Db, ctx: WorkspaceContext, id: number) {
  return toContact(await existing(db, ctx, id));
}

/** Any member edits contacts. */
export function updateContact(db: Db, ctx: WorkspaceContext, id: number, fields: Partial<ContactFields>) {
  return db.transaction(async (tx) => toContact(await changeContact(tx, ctx, id, fields)));
}

/** The history of a contact across its cards, newest first. */
export async function listContactLogs(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  page: { limit: number; offset: number },
) {
  await existing(db, ctx, id);
  return listHistory(db, ctx, { contact_id: id, ...page });
}

// ---- for the cards --------------------------------------------------------------------------

/** Applies the fields a card's form sent to its contact (inside the card's transaction). */
export async function changeContact(tx: DbOrTx, scope: Scope, id: number, fields: Partial<ContactFields>) {
  const current = await existing(tx, scope, id, true);
  await ensurePhoneFree(tx, scope, fields.phone_number, id);
  const patch = toColumns(fields);
  if (Object.keys(patch).length === 0) return current;
  return (await q.updateContact(tx, scope, id, patch)) ?? current;
}

/** The contact of a new card: the workspace's contact with that phone number (updated), else a new one. */
export async function contactForCard(
  tx: DbOrTx,
  scope: Scope,
  fields: Partial<ContactFields> & Pick<ContactFields, 'name' | 'phone_number'>,
) {
  const same = await q.findContactByPhone(tx, scope, fields.phone_number);
  if (same) return changeContact(tx, scope, same.id, fields);
  const columns = toColumns(fields);
  return q.insertContact(tx, scope, { ...columns, name: fields.name });
}

/**
 * The contact of a card moving to another workspace: the target's contact with the same phone number, else a
 * copy of it there. The source keeps its contact (its other cards may use it).
 */
export async function carryContactTo(tx: DbOrTx, from: Scope, to: Scope, id: number) {
  const source = await q.findContact(tx, from, id);
  if (!source) return null;
  const same = source.phoneNumber ? await q.findContactByPhone(tx, to, source.phoneNumber) : undefined;
  if (same) return same;
  const { id: _id, platformId: _p, workspaceId: _w, createdAt: _c, updatedAt: _u, ...fields } = source;
  return q.insertContact(tx, to, fields);
}

/** The workspace's contact with this phone number (digits with country code), or undefined. */
export const findContactByPhone = (db: DbOrTx, scope: Scope, phone: string) =>
  q.findContactByPhone(db, scope, phone);

/** The workspace's contacts with any of these phone numbers (digits with country code), oldest first (imports). */
export const findContactsByPhones = (db: DbOrTx, scope: Scope, phones: string[]) =>
  q.findContactsByPhones(db, scope, phones);
