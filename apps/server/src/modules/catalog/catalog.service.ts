import { DEFAULT_QUICK_ANSWERS } from '@vendaval/core/constants';
import type { Terms } from '@vendaval/core/terms';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { interactionTypes, taskTypes } from '../../schema/catalog.tables.ts';
import * as q from './catalog.queries.ts';
import { findItem } from './lists.queries.ts';
import * as lists from './lists.service.ts';
import { toSalesStage } from './stages.service.ts';

export const createSalesStages = (db: DbOrTx, scope: Scope, stages: q.SalesStageInsert[]) =>
  q.insertSalesStages(db, scope, stages);

/** The stages a new workspace starts with, so its board works at once; won and lost carry the tenant's terms. */
export function createDefaultSalesStages(
  db: DbOrTx,
  scope: Scope,
  terms: Pick<Terms, 'won_term' | 'lost_term'>,
) {
  const stages: Omit<q.SalesStageInsert, 'displayOrder'>[] = [
    { name: 'Novo lead', color: '228be6', type: 'First' },
    { name: 'Em atendimento', color: '12b886', type: 'InProgress' },
    { name: 'Negociação', color: 'fab005', type: 'Negotiation' },
    { name: terms.won_term, color: '2f9e44', type: 'Won' },
    { name: terms.lost_term, color: 'e03131', type: 'Lost' },
  ];
  return q.insertSalesStages(
    db,
    scope,
    stages.map((stage, displayOrder) => ({ ...stage, displayOrder })),
  );
}

/** The canned replies every workspace starts with (decisions §15); its admins edit them afterwards. */
export const createDefaultQuickAnswers = (db: DbOrTx, scope: Scope) =>
  lists.seedItems(db, scope, lists.quickAnswers, [...DEFAULT_QUICK_ANSWERS]);

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
