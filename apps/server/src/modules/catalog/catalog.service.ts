import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { pageOf } from '../../infra/pagination.ts';
import * as q from './catalog.queries.ts';
import { interactionTypes, taskTypes } from './catalog.tables.ts';
import { findItem } from './lists.queries.ts';
import * as lists from './lists.service.ts';
import { toSalesStage } from './stages.service.ts';

type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;

export const createSalesStages = (db: DbOrTx, scope: Scope, stages: q.SalesStageInsert[]) =>
  q.insertSalesStages(db, scope, stages);

export async function listSalesStages(
  db: Db,
  ctx: WorkspaceContext,
  page: { limit: number; offset: number },
) {
  const { rows, total } = await q.listSalesStages(db, ctx, page);
  return pageOf(rows.map(toSalesStage), total, page.limit, page.offset);
}

/** An action (task type) of the workspace; undefined when the id names none of its items. */
export const findTaskType = (db: DbOrTx, scope: Scope, id: number) => findItem(db, taskTypes, scope, id);

/** An interaction type (Forma de Atendimento) of the workspace; undefined when the id names none of its items. */
export const findInteractionType = (db: DbOrTx, scope: Scope, id: number) =>
  findItem(db, interactionTypes, scope, id);

/** The workspace's stages in board order (features that pick one: imports). */
export async function salesStagesOf(db: DbOrTx, scope: Scope) {
  const { rows } = await q.listSalesStages(db, scope, { limit: 500, offset: 0 });
  return rows;
}

const LOOKUP_LISTS = { products: lists.products, campaigns: lists.campaigns, medias: lists.medias } as const;
export type LookupList = keyof typeof LOOKUP_LISTS;

/** A product, campaign or media of the workspace; undefined when the id names none of its items. */
export const findLookupItem = (db: DbOrTx, scope: Scope, list: LookupList, id: number) =>
  findItem(db, LOOKUP_LISTS[list].table, scope, id);

/** Id and name of every product, campaign or media of the workspace, to match names typed in a file. */
export async function lookupNames(db: Db, ctx: WorkspaceContext, list: LookupList) {
  const all = { limit: 10_000, offset: 0 };
  const pages = {
    products: () => lists.listItems(db, ctx, lists.products, all),
    campaigns: () => lists.listItems(db, ctx, lists.campaigns, all),
    medias: () => lists.listItems(db, ctx, lists.medias, all),
  };
  const page = await pages[list]();
  return page.data.map((item) => ({ id: item.id, name: item.name }));
}
