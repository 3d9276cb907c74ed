import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import * as q from './tasks.queries.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;

/** Bulk insert without rules or history (demo seed, imports). */
export const createTasks = (db: DbOrTx, scope: Scope, rows: q.TaskInsert[]) => q.insertTasks(db, scope, rows);

/** How many tasks a card has: the stage-change and close rules need at least one. */
export const countTasksOf = (db: DbOrTx, scope: Scope, opportunityId: number) =>
  q.countTasks(db, scope, opportunityId);

/** Moves the tasks of transferred cards along with them (call inside the transfer's transaction). */
export const moveTasksOf = (db: DbOrTx, from: Scope, to: Scope, opportunityIds: number[]) =>
  q.moveTasks(db, from, to, opportunityIds);
