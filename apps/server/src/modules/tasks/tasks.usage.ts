import type { DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import * as q from './tasks.queries.ts';

// What the catalog asks of the tasks before it deletes an action or an interaction type. Kept apart from the
// service, which itself reads the catalog, so that neither module loads the other while it is being loaded.

/** How many tasks of the workspace were done with this action or interaction type. */
export const tasksUsing = (
  db: DbOrTx,
  scope: Scope,
  column: 'taskTypeId' | 'interactionTypeId',
  id: number,
) => q.countTasksUsing(db, scope, column, id);
