import { MESSAGES } from '@vendaval/core/messages';
import { canChangeResponsible } from '@vendaval/core/permissions';
import { isRole } from '@vendaval/core/roles';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type {
  OpportunityBatchTransfer,
  OpportunityBatchTransferResult,
  OpportunityTransfer,
} from '@vendaval/core/schemas/opportunities';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../infra/errors.ts';
import type { Events, PublishingDeps } from '../../infra/events.ts';
import * as lists from '../catalog/lists.service.ts';
import { carryContactTo } from '../contacts/contacts.service.ts';
import { moveHistory, recordHistory } from '../history/history.service.ts';
import { findMembership } from '../users/users.service.ts';
import { findWorkspaceOfPlatform } from '../workspaces/workspaces.service.ts';
import { takeNextAssignee } from '../workspaces/workspaces.settings.ts';
import { announceAssignment } from './opportunities.events.ts';
import * as q from './opportunities.queries.ts';
import { isOpenStage, readCard, stageById, stagesOf } from './opportunities.rules.ts';

type Target = Omit<OpportunityTransfer, 'opportunity_id'>;

/** Moves one card to another workspace of the platform; answers the card as it is there. */
export async function transferOpportunity(
  deps: PublishingDeps,
  ctx: WorkspaceContext,
  mainCollaborator: string,
  id: number,
  body: OpportunityTransfer,
) {
  if (body.opportunity_id !== undefined && body.opportunity_id !== id) {
    throw badRequest(MESSAGES.idMismatch, 'opportunity_id');
  }
  const target = await transfer(deps, ctx, mainCollaborator, [id], body);
  return readCard(deps.db, target, id);
}

export async function batchTransfer(
  deps: PublishingDeps,
  ctx: WorkspaceContext,
  mainCollaborator: string,
  body: OpportunityBatchTransfer,
): Promise<OpportunityBatchTransferResult> {
  const ids = [...new Set(body.opportunity_ids)];
  await transfer(deps, ctx, mainCollaborator, ids, body);
  return { transferred: ids.length };
}

/** What every card of a transfer gets: checked once, before anything is written. */
export interface TransferPlan {
  target: WorkspaceContext;
  stage: SalesStage;
  body: Target;
  swap: Awaited<ReturnType<typeof itemSwapper>>;
  names: Awaited<ReturnType<typeof workspaceNames>>;
}

/**
 * Checks who asks, the target workspace, its stage and the chosen person, and reads what the moves need: any
 * problem answers before a card is touched.
 */
export async function planTransfer(db: Db, ctx: WorkspaceContext, body: Target): Promise<TransferPlan> {
  if (!canChangeResponsible(ctx.role)) throw forbidden(MESSAGES.forbidden);
  const target = await targetOf(db, ctx, body.workspace_id);
  if (body.sales_stage_id === undefined) throw badRequest(MESSAGES.stageRequired, 'sales_stage_id');
  if (body.distribution === 'SpecificUser' && !body.user_id) {
    throw badRequest(MESSAGES.responsibleRequired, 'user_id');
  }
  const stage = stageById(await stagesOf(db, target), body.sales_stage_id);
  if (!isOpenStage(stage)) throw notFound(MESSAGES.notFound);
  if (body.user_id && !(await isMember(db, target, body.user_id))) throw notFound(MESSAGES.notFound);
  const [swap, names] = await Promise.all([itemSwapper(db, ctx, target), workspaceNames(db, ctx, target)]);
  return { target, stage, body, swap, names };
}

/** The cards go, in one transaction, with their tasks and history; everything is checked before anything is written. */
async function transfer(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  mainCollaborator: string,
  ids: number[],
  body: Target,
): Promise<WorkspaceContext> {
  const plan = await planTransfer(db, ctx, body);
  await db.transaction(async (tx) => {
    const cards = await q.lockOpportunities(tx, ctx, ids);
    if (cards.length !== ids.length) throw notFound(MESSAGES.notFound);
    ensureAllOpen(cards, ids.length === 1);
    await transferCards(tx, events, ctx, mainCollaborator, plan, cards);
  });
  return plan.target;
}

/**
 * Moves open cards locked in `tx`: their contact is found or copied in the target, the source's list items are
 * swapped for the target's items of the same name, and a responsible is chosen there. Each card gets its history
 * entry and its events, as a single transfer writes them.
 */
export async function transferCards(
  tx: DbOrTx,
  events: Events,
  ctx: WorkspaceContext,
  mainCollaborator: string,
  { target, stage, body, swap, names }: TransferPlan,
  cards: q.OpportunityRow[],
) {
  if (cards.length === 0) return;
  for (const card of cards) {
    const userId = await responsibleOf(tx, ctx, target, mainCollaborator, card.userId, body);
    const contact = card.contactId === null ? null : await carryContactTo(tx, ctx, target, card.contactId);
    const contactId = contact?.id ?? null;
    await q.moveOpportunity(tx, ctx, target, card.id, {
      salesStageId: stage.id,
      displayOrder: await q.topOfColumn(tx, target, stage.id),
      openStageId: null,
      userId,
      contactId,
      productId: swap('products', card.productId),
      mediaId: swap('medias', card.mediaId),
      campaignId: swap('campaigns', card.campaignId),
      opportunityTypeId: swap('opportunityTypes', card.opportunityTypeId),
      tagIds: card.tagIds.map((tag) => swap('tags', tag)).filter((tag) => tag !== null),
    });
    await moveHistory(tx, ctx, target, [card.id], contactId);
    await recordHistory(tx, target, {
      type: 'OpportunityTransferred',
      opportunityId: card.id,
      contactId,
      userId: ctx.userId,
      data: names,
    });
    await publishTransfer(tx, events, ctx, target, {
      opportunity_id: card.id,
      responsible_id: userId,
      sales_stage_id: stage.id,
    });
    await announceAssignment(tx, events, target, card, userId, { userId: ctx.userId, transferred: true });
  }
  await events.emit(tx, 'card.transferred', {
    ctx,
    to: target,
    opportunityIds: cards.map((card) => card.id),
  });
}

/** The target: a workspace of this platform the caller is a member of (404 otherwise), not this one. */
async function targetOf(db: Db, ctx: WorkspaceContext, workspaceId: number): Promise<WorkspaceContext> {
  if (workspaceId === ctx.workspaceId) throw badRequest(MESSAGES.sameWorkspaceTransfer, 'workspace_id');
  const [workspace, membership] = await Promise.all([
    findWorkspaceOfPlatform(db, ctx.platformId, workspaceId),
    findMembership(db, ctx.platformId, workspaceId, ctx.userId),
  ]);
  if (!workspace || !membership || !isRole(membership.role)) throw notFound(MESSAGES.notFound);
  return { ...ctx, workspaceId, role: membership.role };
}

/** A closed card stays: the client knows this exact message for one card; a batch names the cards. */
function ensureAllOpen(cards: q.OpportunityRow[], single: boolean) {
  const closed = cards.filter((c) => c.stateType !== 'Open').map((c) => `#${c.id}`);
  if (closed.length === 0) return;
  if (single) throw badRequest(MESSAGES.opportunityAlreadyClosed);
  const message = MESSAGES.closedOpportunitiesNotTransferable(closed.join(', '));
  throw new HttpError(400, message, [{ field: 'opportunity_ids', description: message }]);
}

/** Both workspaces hear of it: the card left one and arrived in the other. */
async function publishTransfer(
  tx: DbOrTx,
  events: Events,
  from: WorkspaceContext,
  to: WorkspaceContext,
  card: { opportunity_id: number; responsible_id: number; sales_stage_id: number },
) {
  const data = {
    ...card,
    user_id: from.userId,
    from_workspace_id: from.workspaceId,
    to_workspace_id: to.workspaceId,
  };
  for (const scope of [from, to]) {
    await events.publish(tx, {
      type: 'opportunity.transferred',
      platformId: scope.platformId,
      workspaceId: scope.workspaceId,
      data,
    });
  }
}

const isMember = async (tx: DbOrTx, scope: WorkspaceContext, userId: number) =>
  !!(await findMembership(tx, scope.platformId, scope.workspaceId, userId));

/**
 * The chosen person; else, when asked, the current responsible if they work in the target; else the target's
 * next member in turn (round-robin), or the caller when there is nobody to distribute to.
 */
async function responsibleOf(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  target: WorkspaceContext,
  mainCollaborator: string,
  current: number | null,
  body: Target,
) {
  if (body.user_id) return body.user_id;
  if (body.keep_user_id && current !== null && (await isMember(tx, target, current))) return current;
  return (await takeNextAssignee(tx, target, mainCollaborator)) ?? ctx.userId;
}

const SWAPPED = {
  products: lists.products,
  medias: lists.medias,
  campaigns: lists.campaigns,
  opportunityTypes: lists.opportunityTypes,
  tags: lists.tags,
} as const;
type SwappedList = keyof typeof SWAPPED;

/** Maps an item of a source list to the target's item of the same name (any case), or null. */
async function itemSwapper(db: Db, from: WorkspaceContext, to: WorkspaceContext) {
  const maps = new Map<SwappedList, Map<number, number>>();
  for (const list of Object.keys(SWAPPED) as SwappedList[]) {
    const [source, target] = await Promise.all([allItems(db, from, list), allItems(db, to, list)]);
    const byName = new Map(target.map((item) => [item.name.toLowerCase(), item.id]));
    const map = new Map<number, number>();
    for (const item of source) {
      const match = byName.get(item.name.toLowerCase());
      if (match !== undefined) map.set(item.id, match);
    }
    maps.set(list, map);
  }
  return (list: SwappedList, id: number | null) => (id === null ? null : (maps.get(list)?.get(id) ?? null));
}

async function allItems(db: Db, ctx: WorkspaceContext, list: SwappedList) {
  const items: { id: number; name: string }[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await lists.listItems(db, ctx, SWAPPED[list] as never, { limit: 500, offset });
    items.push(...(page.data as { id: number; name: string }[]));
    if (items.length >= page.pagination.total_count || page.data.length === 0) return items;
  }
}

async function workspaceNames(db: Db, from: WorkspaceContext, to: WorkspaceContext) {
  const [source, target] = await Promise.all([
    findWorkspaceOfPlatform(db, from.platformId, from.workspaceId),
    findWorkspaceOfPlatform(db, to.platformId, to.workspaceId),
  ]);
  return { from_name: source?.name ?? null, to_name: target?.name ?? null };
}
