import { isClosedStageType } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canRecreateOpportunity } from '@vendaval/core/permissions';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { OpportunityClose, OpportunityMove } from '@vendaval/core/schemas/opportunities';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import type { PublishingDeps } from '../../infra/events.ts';
import { recordHistory } from '../history/history.service.ts';
import { cardRef } from './opportunities.events.ts';
import * as q from './opportunities.queries.ts';
import {
  ensureTaskRule,
  isOpenStage,
  lockCard,
  logCard,
  lostReason,
  readCard,
  stageById,
  stageName,
  stagesOf,
} from './opportunities.rules.ts';
import { getOpportunityRef } from './opportunities.service.ts';

/**
 * Moves an open card to another open stage, at the top of its column; within its own stage it only reorders
 * (no entry in the history, no task rule).
 */
export async function moveOpportunity(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  body: OpportunityMove,
) {
  const { sales_stage_id: stageId, display_order: order } = body.data;
  await getOpportunityRef(db, ctx, id);
  const stages = await stagesOf(db, ctx);
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx, id);
    const stage = stageById(stages, stageId);
    if (!isOpenStage(stage)) throw badRequest(MESSAGES.closedStageByClose, 'data.sales_stage_id');
    if (card.stateType !== 'Open') throw badRequest(MESSAGES.opportunityNotOpen);
    if (stage.id === card.salesStageId) {
      const displayOrder = order === 'top' ? await q.topOfColumn(tx, ctx, stage.id) : order;
      await q.updateOpportunity(tx, ctx, id, { displayOrder });
      return;
    }
    await ensureTaskRule(tx, ctx, id);
    await q.updateOpportunity(tx, ctx, id, {
      salesStageId: stage.id,
      displayOrder: await q.topOfColumn(tx, ctx, stage.id),
    });
    await logCard(tx, ctx, events, card, {
      type: 'OpportunitySalesStageUpdated',
      data: { from_name: stageName(stages, card.salesStageId), to_name: stage.name },
    });
    await events.emit(tx, 'card.reopened', { ctx, card: cardRef(card) });
  });
  return readCard(db, ctx, id);
}

/**
 * Won (needs product and price) or Lost (needs a lost reason): the card goes to the top of the first stage of
 * that type and remembers the open stage it left, for a reopen.
 */
export async function closeOpportunity(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  body: OpportunityClose,
) {
  if (body.id !== undefined && body.id !== id) throw badRequest(MESSAGES.idMismatch, 'id');
  if (body.workspace_id !== undefined && body.workspace_id !== ctx.workspaceId)
    throw notFound(MESSAGES.notFound);
  const { data } = body;
  const lost = data.state_type === 'Lost' ? data : null;
  if (lost && !lost.closed_type) throw badRequest(MESSAGES.lostRequiresReason, 'data.closed_type');
  await getOpportunityRef(db, ctx, id);
  const stages = await stagesOf(db, ctx);
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx, id);
    const reason = lost?.closed_type ? await lostReason(tx, ctx, lost.closed_type) : null;
    if (card.stateType !== 'Open') throw badRequest(MESSAGES.opportunityClosedAlready);
    if (data.state_type === 'Won' && (card.productId === null || !(card.price > 0))) {
      throw badRequest(MESSAGES.wonRequiresProductAndPrice);
    }
    await ensureTaskRule(tx, ctx, id);
    const stage = stages.find((s) => s.type === data.state_type);
    if (!stage) throw badRequest(MESSAGES.completionStageMissing);
    await q.updateOpportunity(tx, ctx, id, {
      stateType: data.state_type,
      salesStageId: stage.id,
      displayOrder: await q.topOfColumn(tx, ctx, stage.id),
      openStageId: card.salesStageId,
      closedAt: new Date(),
      closedType: reason?.id ?? null,
      closedDescription: lost?.closed_description ?? null,
    });
    await logCard(
      tx,
      ctx,
      events,
      card,
      reason
        ? {
            type: 'OpportunityClosedLost',
            data: {
              sales_stage_name: stage.name,
              closed_type: reason.name,
              closed_description: lost?.closed_description ?? null,
            },
          }
        : { type: 'OpportunityClosedWon', data: { sales_stage_name: stage.name } },
    );
    await events.emit(tx, 'card.closed', {
      ctx,
      card: cardRef(card),
      won: data.state_type === 'Won',
      closeRooms: data.trigger_room_status === true,
    });
  });
  return readCard(db, ctx, id);
}

type Closed = { card: Awaited<ReturnType<typeof lockCard>>; stages: SalesStage[]; stage: SalesStage };

/** A closed card open again at the top of `stage`, its closing data cleared, with its history entry. */
async function openAgain(
  tx: DbOrTx,
  events: PublishingDeps['events'],
  ctx: WorkspaceContext,
  { card, stages, stage }: Closed,
  entry: { type: 'OpportunityReopened' | 'OpportunityRecreated'; patch?: q.OpportunityPatch },
) {
  await q.updateOpportunity(tx, ctx, card.id, {
    stateType: 'Open',
    salesStageId: stage.id,
    displayOrder: await q.topOfColumn(tx, ctx, stage.id),
    openStageId: null,
    closedAt: null,
    closedType: null,
    closedDescription: null,
    ...entry.patch,
  });
  await logCard(tx, ctx, events, card, {
    type: entry.type,
    data: { from_name: stageName(stages, card.salesStageId), to_name: stage.name },
  });
}

/**
 * Back to Open: in the open stage chosen, else the one it was closed from (if it still is an open stage), else
 * the last open stage of the board; at the top of that column, closing data cleared.
 */
export async function reopenOpportunity(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  body: { sales_stage_id?: number | undefined },
) {
  await getOpportunityRef(db, ctx, id);
  const stages = await stagesOf(db, ctx);
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx, id);
    const chosen = body.sales_stage_id === undefined ? undefined : stageById(stages, body.sales_stage_id);
    if (chosen && isClosedStageType(chosen.type))
      throw badRequest(MESSAGES.openStageRequired, 'sales_stage_id');
    if (card.stateType === 'Open') throw badRequest(MESSAGES.opportunityNotClosed);
    const open = stages.filter(isOpenStage);
    const stage = chosen ?? open.find((s) => s.id === card.openStageId) ?? open.at(-1);
    if (!stage) throw badRequest(MESSAGES.openingStageMissing);
    await openAgain(tx, events, ctx, { card, stages, stage }, { type: 'OpportunityReopened' });
    await events.emit(tx, 'card.reopened', { ctx, card: cardRef(card) });
  });
  return readCard(db, ctx, id);
}

/**
 * A won or lost card started again as a new open cycle (platform.md §4): open at the top of the first stage,
 * closing data and response time cleared, and `recreated_at` now, so the 'sem interação' clock counts from it.
 */
export async function recreateOpportunity({ db, events }: PublishingDeps, ctx: WorkspaceContext, id: number) {
  // A foreign id answers 404 before the role is judged.
  await getOpportunityRef(db, ctx, id);
  if (!canRecreateOpportunity(ctx.role)) throw forbidden(MESSAGES.forbidden);
  const stages = await stagesOf(db, ctx);
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx, id);
    if (card.stateType === 'Open') throw badRequest(MESSAGES.opportunityNotClosed);
    const open = stages.filter(isOpenStage);
    const stage = open.find((s) => s.type === 'First') ?? open[0];
    if (!stage) throw badRequest(MESSAGES.openingStageMissing);
    await openAgain(
      tx,
      events,
      ctx,
      { card, stages, stage },
      { type: 'OpportunityRecreated', patch: { tma: null, recreatedAt: new Date() } },
    );
    await events.emit(tx, 'card.recreated', { ctx, card: cardRef(card) });
  });
  return readCard(db, ctx, id);
}

type StageRef = { id: number; name: string };

/**
 * Moves every card of a stage to another one of the workspace, each with its stage-change entry in the card's
 * history.
 */
export async function moveCardsToStage(db: DbOrTx, ctx: WorkspaceContext, from: StageRef, to: StageRef) {
  const moved = await q.moveStageCards(db, ctx, from.id, to.id);
  const data = { from_name: from.name, to_name: to.name };
  const entries = moved.map((card) => ({
    type: 'OpportunitySalesStageUpdated' as const,
    opportunityId: card.id,
    contactId: card.contactId,
    userId: ctx.userId,
    data,
  }));
  if (entries.length > 0) await recordHistory(db, ctx, ...entries);
}
