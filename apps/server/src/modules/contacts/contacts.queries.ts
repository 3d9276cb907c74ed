import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { contacts } from './contacts.tables.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;
export type ContactInsert = Omit<typeof contacts.$inferInsert, 'id' | 'platformId' | 'workspaceId'>;

export function insertContacts(db: DbOrTx, scope: Scope, rows: ContactInsert[]) {
  return db
    .insert(contacts)
    .values(rows.map((r) => ({ ...r, platformId: scope.platformId, workspaceId: scope.workspaceId })))
    .returning({ id: contacts.id, name: contacts.name });
}
