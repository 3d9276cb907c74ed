import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { pageOf } from '../../infra/pagination.ts';
import * as q from './catalog.queries.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;

export const createSalesStages = (db: DbOrTx, scope: Scope, stages: q.SalesStageInsert[]) =>
  q.insertSalesStages(db, scope, stages);

export async function listSalesStages(
  db: Db,
  ctx: WorkspaceContext,
  page: { limit: number; offset: number },
) {
  const { rows, total } = await q.listSalesStages(db, ctx, page);
  const data = rows.map((s) => ({
    id: s.id,
    name: s.name,
    color: s.color,
    type: s.type,
    display_order: s.displayOrder,
  }));
  return pageOf(data, total, page.limit, page.offset);
}
