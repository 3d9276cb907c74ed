import { MESSAGES } from '@vendaval/core/messages';
import { seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import { isRole } from '@vendaval/core/roles';
import {
  BATCH_CALL_MAX_CARDS,
  type BatchCall,
  type BatchCallCreate,
  CALL_ANSWERED_MIN_SECONDS,
  type CallOutcome,
  type OpportunityCall,
  type OpportunityCallCreate,
  type OpportunityCallListQuery,
  type SandboxHangUp,
  type Telephony,
} from '@vendaval/core/schemas/calls';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../infra/errors.ts';
import type { Events } from '../../infra/events.ts';
import type { Jobs } from '../../infra/jobs.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { recordHistory } from '../history/history.service.ts';
import { boardOrderSelection, getOpportunityRef } from '../opportunities/opportunities.service.ts';
import type { CallEvents } from './calls.events.ts';
import * as q from './calls.queries.ts';
import type { CallProgress, PlacedCall, TelephonyAdapter } from './telephony.ts';

export const CALL_TICK_QUEUE = 'call-tick';
export const CALL_SWEEP_QUEUE = 'call-sweep';

export interface CallDeps {
  db: Db;
  jobs: Jobs;
  events: Events;
  telephony: TelephonyAdapter;
  /** The 30 s rule: a call not answered by then ends, and a queue idle that long dials its next card. */
  dialTimeoutSeconds: number;
  /**
   * This process, when its line keeps the calls it places in its memory (SIP dialogs): recorded on those calls,
   * whose line only this process can hang up. Null when any process can (the sandbox).
   */
  instanceId: string | null;
  log: FastifyBaseLogger;
}

/**
 * The 30 s rule's check, scheduled when a call is placed and when a talked call ends: a call still unanswered
 * ends as `no_answer`; a running queue whose last call is still this one (no newer call placed) dials its next.
 */
export interface CallTickJob {
  platformId: number;
  workspaceId: number;
  callId: number | null;
  batchCallId: string | null;
}

// ---- answers --------------------------------------------------------------------------------------------

function toCall(row: q.CallRow, opportunityName: string | null): OpportunityCall {
  return {
    id: row.id,
    opportunity: { id: row.opportunityId, name: opportunityName },
    user_id: row.userId,
    batch_call_id: row.batchCallId,
    phone_number: row.phoneNumber,
    status: row.status,
    outcome: row.outcome,
    attempts: row.attempt,
    started_at: row.startedAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    duration: row.duration,
    answered: row.answered,
  };
}

async function readCall(db: DbOrTx, scope: Scope, id: number) {
  const found = await q.findCall(db, scope, id);
  return found ? toCall(found.call, found.opportunityName) : null;
}

async function toBatch(db: DbOrTx, scope: Scope, row: q.BatchCallRow): Promise<BatchCall> {
  return {
    id: row.id,
    user_id: row.userId,
    status: row.status,
    max_attempts: row.maxAttempts,
    total_count: row.totalCount,
    current_index: row.currentIndex,
    opportunity_call: row.currentCallId === null ? null : await readCall(db, scope, row.currentCallId),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Tells the workspace's screens that a call changed (a manager's board shows who is on the phone), and the
 * features that follow calls.
 */
async function publishCall(events: Events, tx: DbOrTx, call: q.CallRow) {
  const scope = { platformId: call.platformId, workspaceId: call.workspaceId };
  await events.publish(tx, {
    type: 'call.updated',
    ...scope,
    data: {
      call_id: call.id,
      opportunity_id: call.opportunityId,
      user_id: call.userId,
      status: call.status,
      outcome: call.outcome,
      batch_call_id: call.batchCallId,
    },
  });
  const changed: CallEvents['call.changed'] = {
    scope,
    call: { id: call.id, opportunityId: call.opportunityId, userId: call.userId, status: call.status },
  };
  await events.emit(tx, 'call.changed', changed);
}

/** Phones are people's: an integration's token neither dials nor drives a queue. */
function requirePerson(ctx: WorkspaceContext) {
  if (!isRole(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

/** OPP-235: a telephony that rings the rep's SIP phone needs their credentials in this workspace. */
async function voipUsernameOf(deps: CallDeps, scope: Scope, userId: number) {
  const member = await q.findVoipUsername(deps.db, scope, userId);
  if (!member) throw notFound(MESSAGES.notFound);
  if (deps.telephony.needsCredentials && !member.voipUsername) throw badRequest(MESSAGES.voipNoCredentials);
  return member.voipUsername;
}

const placed = (call: q.CallRow, voipUsername: string | null): PlacedCall => ({
  id: call.id,
  platformId: call.platformId,
  workspaceId: call.workspaceId,
  opportunityId: call.opportunityId,
  userId: call.userId,
  phoneNumber: call.phoneNumber,
  voipUsername,
});

function scheduleTick(
  deps: CallDeps,
  tx: DbOrTx,
  job: CallTickJob,
  key: string | undefined,
  seconds: number,
) {
  return deps.jobs.send<CallTickJob>(CALL_TICK_QUEUE, job, {
    tx,
    ...(key ? { key } : {}),
    startAfter: new Date(Date.now() + seconds * 1000),
  });
}

/** Hands a recorded call to the line; a line that refuses it ends it as `failed`. */
async function dial(deps: CallDeps, call: q.CallRow, voipUsername: string | null) {
  try {
    const { remoteId } = await deps.telephony.place(placed(call, voipUsername));
    await q.updateCall(deps.db, call, call.id, { remoteId });
  } catch (error) {
    deps.log.warn({ err: error, callId: call.id }, 'call refused by the line');
    await callEnded(deps, call, call.id, 'failed');
  }
}

/** How the caller's browser phone reaches the line: the adapter, and where a SIP phone registers. */
export function getTelephony(deps: CallDeps, ctx: WorkspaceContext): Telephony {
  requirePerson(ctx);
  const { registrar } = deps.telephony;
  return {
    adapter: deps.telephony.name,
    websocket_url: registrar?.websocketUrl ?? null,
    sip_domain: registrar?.domain ?? null,
  };
}

// ---- queues ---------------------------------------------------------------------------------------------

/** The caller's own queue; anyone else's, like another tenant's, is 404. */
async function ownBatch(db: DbOrTx, ctx: WorkspaceContext, id: string) {
  const row = await q.findBatchCall(db, ctx, id);
  if (!row || row.userId !== ctx.userId) throw notFound(MESSAGES.notFound);
  return row;
}

/** PLAT-177: the cards a board filter shows the caller now, in board order, become the queue. */
export async function createBatchCall(deps: CallDeps, ctx: WorkspaceContext, body: BatchCallCreate) {
  requirePerson(ctx);
  await voipUsernameOf(deps, ctx, ctx.userId);
  const ids = await boardOrderSelection(deps.db, ctx, body.filter, BATCH_CALL_MAX_CARDS);
  if (ids.length === 0) throw badRequest(MESSAGES.batchCallEmpty);
  const row = await deps.db.transaction((tx) =>
    q.insertBatchCall(
      tx,
      ctx,
      {
        userId: ctx.userId,
        role: ctx.role,
        filter: body.filter,
        maxAttempts: body.max_attempts,
        totalCount: ids.length,
      },
      ids,
    ),
  );
  return toBatch(deps.db, ctx, row);
}

/** The caller's own queues not yet finished: what a reloaded page shows in its dial bar. */
export async function listOpenBatchCalls(deps: CallDeps, ctx: WorkspaceContext) {
  const rows = await q.listOpenBatchCalls(deps.db, ctx, ctx.userId);
  return { data: await Promise.all(rows.map((row) => toBatch(deps.db, ctx, row))) };
}

export async function getBatchCall(deps: CallDeps, ctx: WorkspaceContext, id: string) {
  return toBatch(deps.db, ctx, await ownBatch(deps.db, ctx, id));
}

/** Start, or resume after a pause or after the rep's post-call forms: the queue dials its next card. */
export async function startBatchCall(deps: CallDeps, ctx: WorkspaceContext, id: string) {
  const row = await ownBatch(deps.db, ctx, id);
  if (row.status === 'Finished') throw conflict(MESSAGES.batchCallFinished);
  if (row.status !== 'Running') await q.updateBatchCall(deps.db, ctx, id, { status: 'Running' });
  await placeNext(deps, ctx, id);
  return getBatchCall(deps, ctx, id);
}

/** A call still ringing when the rep pauses or stops is hung up; a conversation goes on until they end it. */
async function cancelRinging(deps: CallDeps, scope: Scope, callId: number | null) {
  if (callId === null) return;
  const found = await q.findCall(deps.db, scope, callId);
  if (found && !found.call.endedAt && !found.call.answeredAt)
    await hangUpAndEnd(deps, scope, found.call, null);
}

/** PLAT-160: the row is paused; nothing is dialed until it starts again. */
export async function pauseBatchCall(deps: CallDeps, ctx: WorkspaceContext, id: string) {
  const row = await ownBatch(deps.db, ctx, id);
  if (row.status === 'Finished') throw conflict(MESSAGES.batchCallFinished);
  await q.updateBatchCall(deps.db, ctx, id, { status: 'Paused' });
  await cancelRinging(deps, ctx, row.currentCallId);
  return getBatchCall(deps, ctx, id);
}

/** PLAT-162: the row ends ('Finished'); stopping a finished row changes nothing. */
export async function stopBatchCall(deps: CallDeps, ctx: WorkspaceContext, id: string) {
  const row = await ownBatch(deps.db, ctx, id);
  if (row.status !== 'Finished')
    await q.updateBatchCall(deps.db, ctx, id, { status: 'Finished', finishedAt: new Date() });
  await cancelRinging(deps, ctx, row.currentCallId);
  return getBatchCall(deps, ctx, id);
}

/** Cards looked at per placement: those free now; one another rep's queue claims meanwhile is passed over. */
const CANDIDATES = 200;

/**
 * Dials the queue's next card if it is running and has no call under way: the first card, by fewest attempts
 * then position, that is still the rep's to see, has a phone, and no other call holds. No card left: 'Finished'.
 */
export async function placeNext(deps: CallDeps, scope: Scope, id: string) {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await q.lockBatchCall(tx, scope, id);
    if (row?.status !== 'Running') return null;
    if (row.currentCallId !== null) {
      const current = await q.lockCall(tx, scope, row.currentCallId);
      if (current && !current.endedAt) return null;
    }
    if (await q.findActiveCallOf(tx, scope, row.userId)) throw conflict(MESSAGES.repOnCall);
    const voipUsername = (await q.findVoipUsername(tx, scope, row.userId))?.voipUsername ?? null;
    const candidates = await q.nextItems(tx, scope, row.id, row.maxAttempts, CANDIDATES, true);
    for (const item of candidates) {
      const card = await q.findCallableCard(tx, scope, item.opportunityId);
      const visible = card && !(seesOnlyOwnOpportunities(row.role) && card.userId !== row.userId);
      if (!card || !visible || !card.phone) {
        await q.updateItem(tx, scope, row.id, item.position, { done: true });
        continue;
      }
      const call = await q.claimCall(tx, scope, {
        opportunityId: card.id,
        userId: row.userId,
        batchCallId: row.id,
        attempt: item.attempts + 1,
        phoneNumber: card.phone,
        adapter: deps.telephony.name,
        instanceId: deps.instanceId,
      });
      if (!call) continue;
      await q.updateItem(tx, scope, row.id, item.position, { attempts: item.attempts + 1 });
      await q.updateBatchCall(tx, scope, id, { currentIndex: item.position, currentCallId: call.id });
      await publishCall(deps.events, tx, call);
      const tick = { ...scope, callId: call.id, batchCallId: row.id };
      await scheduleTick(deps, tx, tick, `${call.id}`, deps.dialTimeoutSeconds);
      return { call, voipUsername };
    }
    // No card left: 'Finished'. Every card left is on someone else's call, or was just left out: try again after
    // the dial timeout.
    const again = await q.nextItems(tx, scope, row.id, row.maxAttempts, 1);
    if (again.length === 0) {
      await q.updateBatchCall(tx, scope, id, {
        status: 'Finished',
        finishedAt: new Date(),
        currentCallId: null,
      });
    } else {
      const tick = { ...scope, callId: row.currentCallId, batchCallId: row.id };
      await scheduleTick(deps, tx, tick, undefined, deps.dialTimeoutSeconds);
    }
    return null;
  });
  if (outcome) await dial(deps, outcome.call, outcome.voipUsername);
  return outcome?.call ?? null;
}

// ---- single calls ---------------------------------------------------------------------------------------

/** PLAT-178/179: a call to one card's number, by the rep who asks. */
export async function createOpportunityCall(
  deps: CallDeps,
  ctx: WorkspaceContext,
  body: OpportunityCallCreate,
) {
  requirePerson(ctx);
  if (body.user_id !== ctx.userId) throw forbidden(MESSAGES.forbidden);
  const card = await getOpportunityRef(deps.db, ctx, body.opportunity_id);
  const voipUsername = await voipUsernameOf(deps, ctx, ctx.userId);
  const call = await deps.db.transaction(async (tx) => {
    const created = await q.claimCall(tx, ctx, {
      opportunityId: card.id,
      userId: ctx.userId,
      phoneNumber: body.phone_number,
      adapter: deps.telephony.name,
      instanceId: deps.instanceId,
    });
    if (!created) {
      const busyRep = await q.findActiveCallOf(tx, ctx, ctx.userId);
      throw conflict(busyRep ? MESSAGES.repOnCall : MESSAGES.cardOnCall);
    }
    await publishCall(deps.events, tx, created);
    const tick = { ...scopeOf(ctx), callId: created.id, batchCallId: null };
    await scheduleTick(deps, tx, tick, `${created.id}`, deps.dialTimeoutSeconds);
    return created;
  });
  await dial(deps, call, voipUsername);
  return (await readCall(deps.db, ctx, call.id)) as OpportunityCall;
}

const scopeOf = (scope: Scope): Scope => ({ platformId: scope.platformId, workspaceId: scope.workspaceId });

/** A call the caller may see: their own, or any of the workspace for those who see every card. */
async function visibleCall(deps: CallDeps, ctx: WorkspaceContext, id: number) {
  const found = await q.findCall(deps.db, ctx, id);
  if (!found || (seesOnlyOwnOpportunities(ctx.role) && found.call.userId !== ctx.userId))
    throw notFound(MESSAGES.notFound);
  return found;
}

export async function getOpportunityCall(deps: CallDeps, ctx: WorkspaceContext, id: number) {
  const found = await visibleCall(deps, ctx, id);
  return toCall(found.call, found.opportunityName);
}

/** The workspace's calls, newest first; `active=true` is who is on the phone now. A salesRep sees their own. */
export async function listOpportunityCalls(
  deps: CallDeps,
  ctx: WorkspaceContext,
  query: OpportunityCallListQuery,
) {
  const userId = seesOnlyOwnOpportunities(ctx.role) ? ctx.userId : query.user_id;
  if (userId !== undefined && query.user_id !== undefined && userId !== query.user_id) return { data: [] };
  const rows = await q.listCalls(
    deps.db,
    ctx,
    { opportunityId: query.opportunity_id, userId, active: query.active },
    query.limit,
  );
  return { data: rows.map((r) => toCall(r.call, r.opportunityName)) };
}

/** The rep hangs up: their own call only. */
export async function endOpportunityCall(deps: CallDeps, ctx: WorkspaceContext, id: number) {
  const found = await q.findCall(deps.db, ctx, id);
  if (!found || found.call.userId !== ctx.userId) throw notFound(MESSAGES.notFound);
  if (found.call.endedAt) throw conflict(MESSAGES.callNotActive);
  await hangUpAndEnd(deps, ctx, found.call, null);
  return (await readCall(deps.db, ctx, id)) as OpportunityCall;
}

/**
 * The sandbox's simulated customer hangs up the caller's answered call. `talkedSeconds` dates the answer back by
 * that much, so a demo or a test shows a long conversation without waiting for it. Only the sandbox has a
 * simulated customer: with a real line this is 404.
 */
export async function sandboxHangUp(deps: CallDeps, ctx: WorkspaceContext, id: number, body: SandboxHangUp) {
  if (deps.telephony.name !== 'sandbox') throw notFound(MESSAGES.notFound);
  const found = await q.findCall(deps.db, ctx, id);
  if (!found || found.call.userId !== ctx.userId) throw notFound(MESSAGES.notFound);
  if (found.call.endedAt || !found.call.answeredAt) throw conflict(MESSAGES.callNotActive);
  const now = new Date();
  if (body.talked_seconds !== undefined) {
    const answeredAt = new Date(now.getTime() - body.talked_seconds * 1000);
    const startedAt = answeredAt < found.call.startedAt ? answeredAt : found.call.startedAt;
    await q.updateCall(deps.db, ctx, id, { answeredAt, startedAt });
  }
  await callEnded(deps, ctx, id, null, now);
  return (await readCall(deps.db, ctx, id)) as OpportunityCall;
}

// ---- progress from the line -----------------------------------------------------------------------------

export async function callRinging(deps: CallDeps, scope: Scope, id: number) {
  await deps.db.transaction(async (tx) => {
    const call = await q.lockCall(tx, scope, id);
    if (call?.status !== 'dialing') return;
    await publishCall(deps.events, tx, await q.updateCall(tx, scope, id, { status: 'ringing' }));
  });
}

/** The customer answered and the call reached the rep: the talk timer starts. */
export async function callAnswered(deps: CallDeps, scope: Scope, id: number, at = new Date()) {
  await deps.db.transaction(async (tx) => {
    const call = await q.lockCall(tx, scope, id);
    if (!call || call.endedAt || call.answeredAt) return;
    await publishCall(
      deps.events,
      tx,
      await q.updateCall(tx, scope, id, { status: 'onCall', answeredAt: at }),
    );
  });
}

/**
 * The call is over. Talk time runs from the answer to the end; above 15 s it counts as answered (decisions §4)
 * and the card gets an OpportunityCallSuccess entry, otherwise an OpportunityCallAttempt. In a running queue an
 * unanswered call makes way for the next card at once; after a conversation the rep fills in the task and the
 * card, then starts the next call, or the 30 s rule does.
 */
export async function callEnded(
  deps: CallDeps,
  scope: Scope,
  id: number,
  reason: Extract<CallOutcome, 'no_answer' | 'busy' | 'failed'> | null,
  at = new Date(),
) {
  const next = await deps.db.transaction(async (tx) => {
    // The queue row first, then the call: the order placeNext locks them in.
    const seen = await q.findCall(tx, scope, id);
    const row = seen?.call.batchCallId ? await q.lockBatchCall(tx, scope, seen.call.batchCallId) : undefined;
    const call = await q.lockCall(tx, scope, id);
    if (!call || call.endedAt) return null;
    const talked = call.answeredAt !== null;
    const duration = talked
      ? Math.max(0, Math.floor((at.getTime() - (call.answeredAt as Date).getTime()) / 1000))
      : 0;
    const answered = duration > CALL_ANSWERED_MIN_SECONDS;
    const outcome: CallOutcome = talked ? (answered ? 'answered' : 'short') : (reason ?? 'cancelled');
    const ended = await q.updateCall(tx, scope, id, {
      status: 'ended',
      endedAt: at,
      duration,
      answered,
      outcome,
    });
    const card = await q.findCallableCard(tx, scope, call.opportunityId);
    const member = await q.findVoipUsername(tx, scope, call.userId);
    await recordHistory(tx, scopeOf(scope), {
      type: answered ? 'OpportunityCallSuccess' : 'OpportunityCallAttempt',
      opportunityId: call.opportunityId,
      contactId: card?.contactId ?? null,
      userId: call.userId,
      // OPP-233: the rep's extension as the workspace has it now; no recording is kept, so none is linked.
      data: {
        id: call.id,
        call_id: call.id,
        voip_username: member?.voipUsername ?? null,
        attempt: call.attempt,
        recording_url: null,
        phone_number: call.phoneNumber,
        duration,
        outcome,
      },
    });
    await publishCall(deps.events, tx, ended);
    if (!call.batchCallId) return null;
    if (answered) await q.markCardDone(tx, scope, call.batchCallId, call.opportunityId);
    if (row?.status !== 'Running' || row.currentCallId !== call.id) return null;
    if (!talked) return row.id;
    const tick = { ...scopeOf(scope), callId: call.id, batchCallId: row.id };
    await scheduleTick(deps, tx, tick, `${call.id}:after`, deps.dialTimeoutSeconds);
    return null;
  });
  if (next) await placeNextOrLog(deps, scope, next);
}

/**
 * Ends a call's record, then hangs up its line. The record goes first so that the line's own report of the end
 * finds the call over and the reason given here stands (a 30 s timeout stays `no_answer`, not `cancelled`). A call
 * another process holds (SIP dialogs live in the memory of the process that placed the call) is hung up by that
 * process, asked through the database.
 */
async function hangUpAndEnd(
  deps: CallDeps,
  scope: Scope,
  call: q.CallRow,
  reason: Extract<CallOutcome, 'no_answer' | 'failed'> | null,
) {
  await callEnded(deps, scope, call.id, reason);
  const line: HeldCall['call'] = { ...placed(call, null), remoteId: call.remoteId };
  if (call.instanceId === null || call.instanceId === deps.instanceId) {
    await deps.telephony.hangUp(line);
    return;
  }
  await q.notifyCallControl(deps.db, { instanceId: call.instanceId, call: line });
}

/** What the process holding a call's line is asked to hang up (on `q.CALL_CONTROL_CHANNEL`). */
export interface HeldCall {
  instanceId: string;
  call: Parameters<TelephonyAdapter['hangUp']>[0];
}

/** The process holding the call hangs up its line, asked by another one; calls held elsewhere are not its own. */
export async function hangUpHeld(deps: CallDeps, notice: HeldCall) {
  if (notice.instanceId === deps.instanceId) await deps.telephony.hangUp(notice.call);
}

/** Calls a sweep ends per query; it goes on until none is left. */
const SWEPT_PER_QUERY = 100;

/**
 * The calls of processes silent more than `silentSeconds` (killed, or stopped) end as `failed`, like a line that
 * failed: their record, the card's history and the screens as at any end, and their card and rep are free again.
 * A talked call keeps its talk time (to now) and its outcome by it. Run by one job across the processes.
 */
export async function endCallsOfSilentInstances(deps: CallDeps, silentSeconds: number) {
  for (;;) {
    const calls = await q.callsOfSilentInstances(deps.db, silentSeconds, SWEPT_PER_QUERY);
    for (const call of calls) {
      deps.log.warn({ callId: call.id, instanceId: call.instanceId }, 'call of a process gone ended');
      await hangUpAndEnd(deps, scopeOf(call), call, 'failed');
    }
    if (calls.length < SWEPT_PER_QUERY) break;
  }
  await q.forgetSilentInstances(deps.db, silentSeconds);
}

/** The 30 s rule (PLAT-165/166/167), run by its job; see `CallTickJob`. */
export async function runCallTick(deps: CallDeps, job: CallTickJob) {
  const scope = scopeOf(job);
  if (job.callId !== null) {
    const found = await q.findCall(deps.db, scope, job.callId);
    if (found && !found.call.endedAt && !found.call.answeredAt) {
      await hangUpAndEnd(deps, scope, found.call, 'no_answer');
      return;
    }
  }
  if (!job.batchCallId) return;
  const row = await q.findBatchCall(deps.db, scope, job.batchCallId);
  if (row?.status !== 'Running' || row.currentCallId !== job.callId) return;
  await placeNextOrLog(deps, scope, row.id);
}

/** The queue's next call after one ended: a failure is logged and the queue waits for the rep's next start. */
async function placeNextOrLog(deps: CallDeps, scope: Scope, batchCallId: string) {
  await placeNext(deps, scope, batchCallId).catch((error: unknown) =>
    deps.log.error({ err: error, batchCallId }, 'call queue: next call not placed'),
  );
}

/** The adapters' reports, bound to the service. */
export function callProgress(deps: CallDeps): CallProgress {
  return {
    ringing: (scope, id) => callRinging(deps, scope, id),
    answered: (scope, id, at) => callAnswered(deps, scope, id, at),
    ended: (scope, id, outcome, at) => callEnded(deps, scope, id, outcome, at),
  };
}
