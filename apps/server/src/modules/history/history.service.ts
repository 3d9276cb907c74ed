import type { HistoryEntry, HistoryQuery } from '@vendaval/core/schemas/history';
import type { AutomationActor } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { type Page, pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import * as q from './history.queries.ts';

export type { HistoryInsert } from './history.queries.ts';

/**
 * Writes entries of the activity history; call it inside the transaction of the change it records. A change an
 * automation makes names the automation, not a person.
 */
export function recordHistory(
  tx: DbOrTx,
  scope: Scope & { automation?: AutomationActor },
  ...entries: q.HistoryInsert[]
) {
  const actor = scope.automation;
  return q.insertEntries(
    tx,
    scope,
    actor
      ? entries.map((e) => ({ ...e, userId: null, data: { ...(e.data ?? {}), automation: actor } }))
      : entries,
  );
}

/** The history of a card, a contact or a user (whichever ids the query names), newest first. */
export async function listHistory(
  db: DbOrTx,
  scope: Scope,
  query: HistoryQuery,
): Promise<Page<HistoryEntry>> {
  const { rows, total } = await q.listEntries(db, scope, query, query);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      type: r.type,
      created_at: r.createdAt,
      data: r.data,
      user:
        r.userId === null || r.userName === null
          ? null
          : { id: r.userId, name: r.userName, access_code: r.accessCode ?? '' },
      opportunity:
        r.opportunityId === null || r.opportunityName === null
          ? null
          : { id: r.opportunityId, name: r.opportunityName },
      task_id: r.taskId,
    })),
    total,
    query.limit,
    query.offset,
  );
}

export const moveHistory = q.moveEntries;
