import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import * as q from './contacts.queries.ts';

export const createContacts = (
  db: DbOrTx,
  scope: Pick<WorkspaceContext, 'platformId' | 'workspaceId'>,
  rows: q.ContactInsert[],
) => q.insertContacts(db, scope, rows);
