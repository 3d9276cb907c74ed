import {
  isClosedStageType,
  STAGE_TYPE_LABELS,
  type StageLogType,
  type StageType,
} from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canManageStages } from '@vendaval/core/permissions';
import type { SalesStage, SalesStageInput } from '@vendaval/core/schemas/catalog';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../infra/errors.ts';
import type { PublishingDeps } from '../../infra/events.ts';
import { recordLog } from '../audit/audit.service.ts';
import * as q from './catalog.queries.ts';
import './catalog.events.ts';
import { cardsUsing } from './catalog.usage.ts';

type StageRow = Awaited<ReturnType<typeof q.lockSalesStages>>[number];

export const toSalesStage = (row: StageRow): SalesStage => ({
  id: row.id,
  name: row.name,
  color: row.color,
  type: row.type,
  display_order: row.displayOrder,
});

/**
 * What is wrong with a pipeline of these stage types, if anything: it holds exactly one Won and one Lost
 * stage (closing a card needs them) and at most one First (where new leads land).
 */
function typeProblem(types: StageType[]) {
  const countOf = (type: StageType) => types.filter((t) => t === type).length;
  for (const type of ['Won', 'Lost'] as const) {
    if (countOf(type) > 1) return MESSAGES.stageTypeTaken(STAGE_TYPE_LABELS[type]);
    if (countOf(type) === 0) return MESSAGES.stageTypeRequired(STAGE_TYPE_LABELS[type]);
  }
  if (countOf('First') > 1) return MESSAGES.stageTypeTaken(STAGE_TYPE_LABELS.First);
  return undefined;
}

function checkTypes(types: StageType[]) {
  const problem = typeProblem(types);
  if (problem) throw badRequest(problem, 'type');
}

/** A pipeline change by a role that may make it, on the locked stages, with its log entry, in one transaction. */
function changePipeline<R>(
  db: Db,
  ctx: WorkspaceContext,
  change: (
    tx: DbOrTx,
    stages: StageRow[],
    log: (type: StageLogType, data: object) => Promise<unknown>,
  ) => Promise<R>,
) {
  if (!canManageStages(ctx.role)) throw forbidden(MESSAGES.forbidden);
  return db.transaction(async (tx) => {
    const stages = await q.lockSalesStages(tx, ctx);
    return change(tx, stages, (type, data) =>
      recordLog(tx, ctx, { type, data: { list: 'sales-stages', ...data } }),
    );
  });
}

const findIn = (stages: StageRow[], id: number) => {
  const stage = stages.find((s) => s.id === id);
  if (!stage) throw notFound(MESSAGES.stageNotFound);
  return stage;
};

/** A new stage goes to the end of the pipeline. */
export function createStage(db: Db, ctx: WorkspaceContext, input: SalesStageInput) {
  return changePipeline(db, ctx, async (tx, stages, log) => {
    checkTypes([...stages.map((s) => s.type), input.type]);
    const last = stages.at(-1)?.displayOrder ?? -1;
    const [row] = await q.insertSalesStages(tx, ctx, [{ ...input, displayOrder: last + 1 }]);
    if (!row) throw new Error('stage insert returned nothing');
    const after = toSalesStage(row);
    await log('SalesStageCreated', { id: after.id, name: after.name, after });
    return after;
  });
}

export function updateStage(db: Db, ctx: WorkspaceContext, id: number, patch: Partial<SalesStageInput>) {
  return changePipeline(db, ctx, async (tx, stages, log) => {
    const current = findIn(stages, id);
    if (patch.type) checkTypes(stages.map((s) => (s.id === id ? (patch.type as StageType) : s.type)));
    const row = await q.updateSalesStage(tx, ctx, id, patch);
    if (!row) throw notFound(MESSAGES.stageNotFound);
    const after = toSalesStage(row);
    await log('SalesStageUpdated', { id, name: after.name, before: toSalesStage(current), after });
    return after;
  });
}

/** The board shows the stages in this order: every stage of the workspace, each once. */
export function reorderStages(db: Db, ctx: WorkspaceContext, stageIds: number[]) {
  return changePipeline(db, ctx, async (tx, stages, log) => {
    const known = new Set(stages.map((s) => s.id));
    const unknown = stageIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw notFound(MESSAGES.stageNotFound);
    if (new Set(stageIds).size !== stageIds.length || stageIds.length !== stages.length) {
      throw badRequest(MESSAGES.stageOrderMismatch, 'stage_ids');
    }
    const rows: StageRow[] = [];
    for (const [order, id] of stageIds.entries()) {
      const row = await q.updateSalesStage(tx, ctx, id, { displayOrder: order });
      if (row) rows.push(row);
    }
    await log('SalesStagesReordered', { before: stages.map((s) => s.id), after: stageIds });
    return { data: rows.map(toSalesStage) };
  });
}

/** Deletes an empty stage, or one whose cards first move to `moveTo`, an open stage of the same pipeline. */
export async function deleteStage(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  moveTo?: number,
) {
  await changePipeline(db, ctx, async (tx, stages, log) => {
    const stage = findIn(stages, id);
    if (moveTo === id) throw badRequest(MESSAGES.stageMoveTargetInvalid, 'move_to');
    const rest = stages.filter((s) => s.id !== id);
    const target = moveTo === undefined ? undefined : findIn(rest, moveTo);
    checkTypes(rest.map((s) => s.type));
    const cards = await cardsUsing(tx, ctx, 'stage', id);
    if (cards > 0 && !target) throw conflict(MESSAGES.stageHasCards(cards));
    if (target && isClosedStageType(target.type))
      throw badRequest(MESSAGES.stageMoveTargetInvalid, 'move_to');
    if (target && cards > 0) await events.emit(tx, 'stage.emptying', { ctx, from: stage, to: target });
    await q.deleteSalesStage(tx, ctx, id);
    await log('SalesStageDeleted', {
      id,
      name: stage.name,
      before: toSalesStage(stage),
      ...(target ? { moved_to: target.id, moved_cards: cards } : {}),
    });
  });
  return { message: MESSAGES.listItemDeleted };
}
