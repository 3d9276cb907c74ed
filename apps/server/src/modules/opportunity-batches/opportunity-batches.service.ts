import { MESSAGES } from '@vendaval/core/messages';
import type { Role } from '@vendaval/core/roles';
import type { OpportunityFilter } from '@vendaval/core/schemas/opportunities';
import type {
  OpportunityBatch,
  OpportunityBatchAssign,
  OpportunityBatchTransferJob,
} from '@vendaval/core/schemas/opportunity-batches';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { notFound } from '../../infra/errors.ts';
import type { Events } from '../../infra/events.ts';
import type { JobContext, Jobs } from '../../infra/jobs.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import type { OpportunityBatchTarget } from '../../schema/opportunity-batches.tables.ts';
import { ensureMember } from '../opportunities/opportunities.rules.ts';
import {
  assignCard,
  batchSelectionPage,
  type CardRow,
  countBatchSelection,
  lockCards,
} from '../opportunities/opportunities.service.ts';
import { planTransfer, transferCards } from '../opportunities/opportunities.transfer.ts';
import * as q from './opportunity-batches.queries.ts';

export const OPPORTUNITY_BATCH_QUEUE = 'opportunity-batch';

export interface BatchDeps {
  db: Db;
  jobs: Jobs;
  events: Events;
  /** The platform's main collaborator role: whom a transfer's distribution picks from. */
  mainCollaborator: (platformId: number) => string;
  /** Cards changed per transaction: a page's locks stay short, and a retry redoes at most one page's reads. */
  pageSize: number;
}

export interface BatchJob {
  batchId: string;
  platformId: number;
  workspaceId: number;
}

type Selection = Pick<OpportunityBatchAssign, 'opportunity_ids' | 'filter'>;

function toBatch(row: q.BatchRow): OpportunityBatch {
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    total: row.total,
    processed: row.processed,
    changed: row.changed,
    skipped: row.skipped,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * What the job picks: the filter, or the listed ids (deduplicated) among the cards the caller sees. Every listed id
 * must be such a card: one of another workspace, or a salesRep's colleague's, answers 404 and nothing starts.
 */
async function selectionOf(db: Db, ctx: WorkspaceContext, body: Selection) {
  const ids = body.opportunity_ids ? [...new Set(body.opportunity_ids)].sort((a, b) => a - b) : null;
  const filter = body.filter ?? ({} as OpportunityFilter);
  const total = await countBatchSelection(db, ctx, filter, ids);
  if (ids && total !== ids.length) throw notFound(MESSAGES.notFound);
  return { opportunityIds: ids, filter: ids ? null : filter, total };
}

/** Records the batch and queues its job in one transaction: a batch without its job never exists. */
async function start(
  deps: BatchDeps,
  ctx: WorkspaceContext,
  action: q.BatchRow['action'],
  target: OpportunityBatchTarget,
  body: Selection,
) {
  const selection = await selectionOf(deps.db, ctx, body);
  const row = await deps.db.transaction(async (tx) => {
    const created = await q.insertBatch(tx, ctx, {
      userId: ctx.userId,
      role: ctx.role,
      action,
      target,
      ...selection,
    });
    const job: BatchJob = { batchId: created.id, platformId: ctx.platformId, workspaceId: ctx.workspaceId };
    await deps.jobs.send(OPPORTUNITY_BATCH_QUEUE, job, { tx, key: created.id });
    return created;
  });
  return toBatch(row);
}

/** Every card to one member of the workspace, as PUT /opportunities/{id}/assign hands one. */
export async function startBatchAssign(deps: BatchDeps, ctx: WorkspaceContext, body: OpportunityBatchAssign) {
  await ensureMember(deps.db, ctx, body.user_id);
  return start(deps, ctx, 'assign', { user_id: body.user_id }, body);
}

/** Every card to another workspace, as PUT /opportunities/{id}/transfer moves one: its checks answer now. */
export async function startBatchTransfer(
  deps: BatchDeps,
  ctx: WorkspaceContext,
  body: OpportunityBatchTransferJob,
) {
  const { opportunity_ids: _ids, filter: _filter, ...target } = body;
  await planTransfer(deps.db, ctx, target);
  return start(deps, ctx, 'transfer', target, body);
}

/** The user's own batch: anyone else's, like another tenant's, is 404. */
export async function getBatch(db: Db, ctx: WorkspaceContext, id: string) {
  const row = await q.findOwnBatch(db, ctx, ctx.userId, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return toBatch(row);
}

// ---- the job -----------------------------------------------------------------------------------------

/** Applies the batch to a page of locked cards; answers how many it changed. */
type PageAction = (tx: DbOrTx, cards: CardRow[]) => Promise<number>;

/** The single card's rules, checked again with the starter's role as the job starts, then applied card by card. */
async function actionOf(deps: BatchDeps, ctx: WorkspaceContext, row: q.BatchRow): Promise<PageAction> {
  if (row.action === 'assign') {
    const userId = row.target.user_id as number;
    await ensureMember(deps.db, ctx, userId);
    return async (tx, cards) => {
      for (const card of cards) await assignCard(tx, deps.events, ctx, card, userId);
      return cards.length;
    };
  }
  const plan = await planTransfer(deps.db, ctx, {
    ...row.target,
    workspace_id: row.target.workspace_id as number,
    distribution: row.target.distribution ?? 'WorkspaceConfiguration',
  });
  const mainCollaborator = deps.mainCollaborator(ctx.platformId);
  return async (tx, cards) => {
    // A card closed since it was picked stays where it is, like a closed card refused one by one.
    const open = cards.filter((card) => card.stateType === 'Open');
    await transferCards(tx, deps.events, ctx, mainCollaborator, plan, open);
    return open.length;
  };
}

/**
 * Pages through the batch's cards by id, each page changed in one transaction that also moves the cursor: a
 * retried or reclaimed job resumes after the last finished page and never applies a page twice.
 */
export async function runBatchJob(deps: BatchDeps, job: BatchJob, context: JobContext) {
  const scope: Scope = { platformId: job.platformId, workspaceId: job.workspaceId };
  const row = await q.findBatch(deps.db, scope, job.batchId);
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const ctx: WorkspaceContext = { ...scope, userId: row.userId, role: row.role as Role };
  const filter = row.filter ?? ({} as OpportunityFilter);
  try {
    const apply = await actionOf(deps, ctx, row);
    for (let after = row.lastId; ; ) {
      context.signal.throwIfAborted();
      const ids = await batchSelectionPage(deps.db, ctx, filter, row.opportunityIds, after, deps.pageSize);
      const lastId = ids.at(-1);
      if (lastId === undefined) break;
      await deps.db.transaction(async (tx) => {
        const changed = await apply(tx, await lockCards(tx, ctx, ids));
        await q.addPage(tx, scope, row.id, { processed: ids.length, changed, lastId });
      });
      after = lastId;
    }
    await q.finishBatch(deps.db, scope, row.id, 'done');
  } catch (error) {
    if (context.isLastAttempt) await q.finishBatch(deps.db, scope, row.id, 'failed');
    throw error;
  }
}

export function registerBatchJob(deps: BatchDeps) {
  deps.jobs.work<BatchJob>(OPPORTUNITY_BATCH_QUEUE, (job, context) => runBatchJob(deps, job, context), {
    expireInSeconds: 3600,
    retryLimit: 3,
  });
}
