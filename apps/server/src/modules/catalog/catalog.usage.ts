import { and, arrayContains, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope } from '../../infra/tenancy/scope.ts';
import { opportunities as o } from '../../schema/opportunities.tables.ts';
import { tasks } from '../../schema/tasks.tables.ts';

// What the catalog reads of the cards and tasks before it deletes an item or a stage: reads only, their owners
// write them.

/** The card columns that name an item of an admin list or a stage. */
const CARD_REFERENCES = {
  product: o.productId,
  media: o.mediaId,
  campaign: o.campaignId,
  opportunityType: o.opportunityTypeId,
  lostReason: o.closedType,
  stage: o.salesStageId,
} as const;
export type CardReference = keyof typeof CARD_REFERENCES | 'tag';

/** How many cards of the workspace name this item (or sit in this stage). */
export async function cardsUsing(db: DbOrTx, scope: Scope, reference: CardReference, id: number) {
  const uses = reference === 'tag' ? arrayContains(o.tagIds, [id]) : eq(CARD_REFERENCES[reference], id);
  const [row] = await db
    .select({ total: count() })
    .from(o)
    .where(and(ofWorkspace(o, scope), uses));
  return row?.total ?? 0;
}

/** How many tasks of the workspace were done with this action or interaction type. */
export async function tasksUsing(
  db: DbOrTx,
  scope: Scope,
  column: 'taskTypeId' | 'interactionTypeId',
  id: number,
) {
  const [row] = await db
    .select({ total: count() })
    .from(tasks)
    .where(and(ofWorkspace(tasks, scope), eq(tasks[column], id)));
  return row?.total ?? 0;
}
