import { AsyncLocalStorage } from 'node:async_hooks';
import { MESSAGES } from '@vendaval/core/messages';
import {
  AUTOMATION_MAX_DEPTH,
  type AutomationAction,
  type AutomationDefinition,
  type AutomationEndWaitsResult,
  type AutomationTriggerType,
  type CardOrigin,
  TIME_UNIT_MS,
} from '@vendaval/core/schemas/automations';
import type { OpportunityUpdate } from '@vendaval/core/schemas/opportunities';
import {
  fillTemplate,
  missingVariables,
  templateMessageTexts,
  templateTexts,
} from '@vendaval/core/template-variables';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { HttpError, notFound } from '../../infra/errors.ts';
import type { DomainEvent, Events } from '../../infra/events.ts';
import type { JobContext, Jobs } from '../../infra/jobs.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { channelBot } from '../bots/bots.service.ts';
import { storeBatchMessage } from '../chat/chat.batch.ts';
import type { ChatEvents } from '../chat/chat.events.ts';
import { enqueueSend } from '../chat/chat.outbound.ts';
import { moveOpportunity } from '../opportunities/opportunities.lifecycle.ts';
import {
  assignOpportunity,
  batchCards,
  cardPlaceholderValues,
  updateOpportunity,
} from '../opportunities/opportunities.service.ts';
import { createTask } from '../tasks/tasks.service.ts';
import { wallClockOf } from '../tasks/tasks.wall-clock.ts';
import { postToWebhook, type WebhookSettings } from '../webhooks/webhooks.service.ts';
import { takeNextAssignee } from '../workspaces/workspaces.settings.ts';
import { addBusinessDays } from './automations.calendar.ts';
import * as q from './automations.queries.ts';
import { assertCanManage, checkTemplate, matchOf } from './automations.service.ts';
import './automations.events.ts';

export const AUTOMATION_STEP_QUEUE = 'automation-step';
export const AUTOMATION_SCAN_QUEUE = 'automation-scan';
const SCAN_CRON = '* * * * *';
const SCAN_BATCH = 200;

export interface EngineDeps {
  db: Db;
  events: Events;
  jobs: Jobs;
  webhooks: WebhookSettings;
  /** The platform's main collaborator role, for an assignment by the distribution. */
  mainCollaborator(platformId: number): string;
  /** Steps one workspace runs per minute; the excess waits for a later minute. */
  stepsPerMinute: number;
}

interface StepJob {
  platformId: number;
  workspaceId: number;
  runId: number;
  step: number;
}

/**
 * The depth of the automation action running now: a change it makes publishes its events inside this context, so
 * the runs they start know they were set off by an automation (loop protection).
 */
const acting = new AsyncLocalStorage<{ depth: number }>();

/** The trigger a card event is, and for a new card how it came. */
function triggerOf(event: DomainEvent): { type: AutomationTriggerType; stageName?: string } | null {
  const changes = (event.data.changes ?? []) as { type: string; data?: Record<string, unknown> }[];
  if (event.type === 'opportunity.created') return { type: 'card_created' };
  if (event.type === 'opportunity.won') return { type: 'won' };
  if (event.type === 'opportunity.lost') return { type: 'lost' };
  if (event.type === 'opportunity.updated' && changes.some((c) => c.type === 'OpportunitySalesStageUpdated'))
    return { type: 'stage_changed' };
  return null;
}

function originOf(event: DomainEvent, card: { sourceType: string; formId: string | null }): CardOrigin {
  const changes = (event.data.changes ?? []) as { type: string }[];
  if (changes.some((c) => c.type === 'OpportunityCreatedFromImport')) return 'import';
  if (card.formId !== null || card.sourceType.startsWith('Formulario')) return 'form';
  if (event.data.user_id === null || card.sourceType === 'Imbot') return 'chat';
  return 'person';
}

/**
 * Starts, in the transaction of the change, one run per live automation whose trigger and conditions the card
 * meets, pinned to the version live now; its first step is a job that exists only if the change commits.
 */
export function automationListener(deps: EngineDeps) {
  return async (tx: DbOrTx, event: DomainEvent) => {
    const trigger = triggerOf(event);
    const cardId = Number(event.data.opportunity_id);
    if (!trigger || !Number.isInteger(cardId)) return;
    const scope = { platformId: event.platformId, workspaceId: event.workspaceId };
    await startRunsOfCard(tx, deps, scope, trigger.type, cardId, (card) => originOf(event, card));
  };
}

/** A customer wrote in a room of a card: the "inbound message" automations start on that card. */
function inboundListener(deps: EngineDeps) {
  return async (tx: DbOrTx, e: ChatEvents['message.received']) => {
    if (e.dialog.opportunityId === null) return;
    await startRunsOfCard(tx, deps, e.scope, 'inbound_message', e.dialog.opportunityId);
  };
}

async function startRunsOfCard(
  tx: DbOrTx,
  deps: EngineDeps,
  scope: Scope,
  type: AutomationTriggerType,
  cardId: number,
  originOfCard?: (card: RunCard) => CardOrigin,
) {
  const live = await q.liveAutomations(tx, scope, type);
  if (live.length === 0) return;
  const card = await q.runCard(tx, scope, cardId);
  if (!card) return;
  const depth = (acting.getStore()?.depth ?? -1) + 1;
  const fromSource = live.filter(({ version }) => {
    const t = version.definition.trigger;
    return !(
      t.type === 'card_created' &&
      t.sources.length > 0 &&
      originOfCard &&
      !t.sources.includes(originOfCard(card))
    );
  });
  const meets = await q.cardMeets(
    tx,
    scope,
    cardId,
    fromSource.map(({ version }) => matchOf(version.definition)),
  );
  for (const [i, { automation, version }] of fromSource.entries()) {
    if (!meets[i]) continue;
    await startRun(tx, deps, scope, {
      automation,
      version,
      cardId,
      blacklisted: card.blacklisted === true,
      depth,
    });
  }
}

async function startRun(
  tx: DbOrTx,
  deps: EngineDeps,
  scope: Scope,
  run: {
    automation: q.AutomationRow;
    version: q.VersionRow;
    cardId: number;
    blacklisted: boolean;
    depth: number;
    occurrence?: string;
  },
) {
  const stop =
    run.depth > AUTOMATION_MAX_DEPTH
      ? { status: 'stopped' as const, reason: MESSAGES.automationLoopStopped(AUTOMATION_MAX_DEPTH) }
      : run.blacklisted
        ? { status: 'skipped' as const, reason: MESSAGES.automationContactBlacklisted }
        : { status: 'running' as const, reason: null };
  const runId = await q.insertRun(tx, scope, {
    automationId: run.automation.id,
    versionId: run.version.id,
    opportunityId: run.cardId,
    trigger: run.version.definition.trigger.type,
    depth: run.depth,
    ...stop,
    occurrence: run.occurrence ?? null,
  });
  if (runId !== null && stop.status === 'running')
    await sendStep(deps.jobs, tx, { ...scope, runId, step: 0 });
}

function sendStep(jobs: Jobs, tx: DbOrTx, job: StepJob, startAfter?: Date) {
  return jobs.send(AUTOMATION_STEP_QUEUE, job, {
    tx,
    key: `${job.runId}:${job.step}`,
    ...(startAfter ? { startAfter } : {}),
  });
}

const MINUTE_MS = 60_000;
const minuteOf = (at: number) => new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS);

/**
 * Takes a slot of the workspace's minute for the step; when the minute is full, the step is queued again for the
 * next one and false is answered. The new job's key names this job, which still holds the step's key: a retry of
 * this job queues the same one again, and a deferred job deferred once more gets a key of its own.
 */
async function slotOrDefer(deps: EngineDeps, scope: Scope, job: StepJob, context: JobContext) {
  const minute = minuteOf(Date.now());
  if (await q.takeStepSlot(deps.db, scope, minute, deps.stepsPerMinute)) return true;
  const next = new Date(minute.getTime() + MINUTE_MS);
  await deps.jobs.send(AUTOMATION_STEP_QUEUE, job, {
    key: `${job.runId}:${job.step}:after:${context.id}`,
    startAfter: next,
  });
  return false;
}

/** An action that failed for a reason a retry cannot change (a 4xx of the app's own rules). */
const isFinal = (err: unknown) => err instanceof HttpError && err.status < 500;

/**
 * One step of one run. The step's row (unique by run and step) is written in the transaction of its action, so a
 * retried job finds it and only makes sure the next step is queued. A webhook call is outside any transaction and
 * is the one action a crash between call and commit may repeat (receivers dedupe by the delivery header).
 */
async function runStep(deps: EngineDeps, job: StepJob, context: JobContext) {
  const scope = { platformId: job.platformId, workspaceId: job.workspaceId };
  const found = await q.findRun(deps.db, scope, job.runId);
  if (found?.run.status !== 'running') return;
  const { run, definition } = found;
  const action = definition.actions[job.step];
  if (!action) {
    await q.finishRun(deps.db, scope, run.id, 'completed');
    return;
  }
  const next = { ...job, step: job.step + 1 };
  if (await q.findStep(deps.db, scope, run.id, job.step)) {
    await sendStep(deps.jobs, deps.db, next);
    return;
  }
  const card = run.opportunityId === null ? null : await q.runCard(deps.db, scope, run.opportunityId);
  if (!card) {
    await q.finishRun(deps.db, scope, run.id, 'stopped', MESSAGES.automationCardClosed);
    return;
  }
  if (card.blacklisted) {
    await q.finishRun(deps.db, scope, run.id, 'skipped', MESSAGES.automationContactBlacklisted);
    return;
  }
  if (!(await slotOrDefer(deps, scope, job, context))) return;
  const ctx: WorkspaceContext = {
    ...scope,
    userId: found.publishedBy,
    role: 'admin',
    automation: { id: run.automationId, name: found.name },
  };
  try {
    if (action.type === 'webhook') await callWebhook(deps, scope, job, card, action, context.signal);
    await acting.run({ depth: run.depth }, () =>
      deps.db.transaction(async (tx) => {
        const written = await q.insertStep(tx, scope, {
          runId: run.id,
          stepIndex: job.step,
          type: action.type,
          status: 'done',
          attempts: context.retryCount + 1,
        });
        if (written === null) return;
        await act(deps, tx, ctx, card, action, `${run.id}:${job.step}`);
        const last = job.step + 1 >= definition.actions.length;
        if (last) await q.finishRun(tx, scope, run.id, 'completed');
        else await sendStep(deps.jobs, tx, next, waitUntil(action));
      }),
    );
  } catch (err) {
    if (!context.isLastAttempt && !isFinal(err)) throw err;
    const message = (err as Error).message;
    await deps.db.transaction(async (tx) => {
      await q.insertStep(tx, scope, {
        runId: run.id,
        stepIndex: job.step,
        type: action.type,
        status: 'failed',
        error: message,
        attempts: context.retryCount + 1,
      });
      await q.finishRun(tx, scope, run.id, 'failed', message);
    });
  }
}

function waitUntil(action: AutomationAction, now = new Date()) {
  if (action.type !== 'wait') return undefined;
  if (action.unit === 'business_days') return addBusinessDays(now, action.amount);
  return new Date(now.getTime() + action.amount * TIME_UNIT_MS[action.unit]);
}

/** An edit that names only the tags: the fields it leaves out keep their value, as when a person sends only them. */
const tagsOnly = (tags: number[]) => ({ tags }) as unknown as OpportunityUpdate;

type RunCard = NonNullable<Awaited<ReturnType<typeof q.runCard>>>;

/** The action through the same service a person's change uses, so the history and events are the same. */
async function act(
  deps: EngineDeps,
  tx: DbOrTx,
  ctx: WorkspaceContext,
  card: RunCard,
  action: AutomationAction,
  stepKey: string,
) {
  const cardDeps = { db: tx as unknown as Db, events: deps.events };
  switch (action.type) {
    case 'move_stage':
      await moveOpportunity(cardDeps, ctx, card.id, {
        data: { sales_stage_id: action.stage_id, display_order: 'top' },
      });
      return;
    case 'assign': {
      const userId =
        action.user_id ?? (await takeNextAssignee(tx, ctx, deps.mainCollaborator(ctx.platformId)));
      if (userId === null) throw new HttpError(400, MESSAGES.automationNoAssignee);
      await assignOpportunity(cardDeps, ctx, card.id, { user_id: userId });
      return;
    }
    case 'add_tag':
      if (!card.tagIds.includes(action.tag_id))
        await updateOpportunity(cardDeps, ctx, card.id, tagsOnly([...card.tagIds, action.tag_id]));
      return;
    case 'remove_tag':
      if (card.tagIds.includes(action.tag_id))
        await updateOpportunity(
          cardDeps,
          ctx,
          card.id,
          tagsOnly(card.tagIds.filter((t) => t !== action.tag_id)),
        );
      return;
    case 'create_task': {
      const due = new Date(Date.now() + action.due_in * TIME_UNIT_MS[action.due_unit]);
      await createTask(cardDeps, ctx, {
        name: action.name,
        parent_id: card.id,
        task_type_id: action.task_type_id,
        interaction_type_id: action.interaction_type_id,
        description: null,
        start_timestamp: wallClockOf(due).slice(0, 16),
        is_registry: false,
        ...(card.userId !== null ? { user_id: card.userId } : {}),
      } as Parameters<typeof createTask>[2]);
      return;
    }
    case 'send_template':
      await sendTemplate(deps, tx, ctx, card, action);
      return;
    case 'notify':
      await deps.events.emit(tx, 'automation.notify', {
        scope: { platformId: ctx.platformId, workspaceId: ctx.workspaceId },
        automation: ctx.automation as { id: number; name: string },
        stepKey,
        card: { id: card.id, name: card.name, userId: card.userId },
        to: action.to,
        userIds: action.user_ids,
        message: action.message,
      });
      return;
    case 'webhook':
    case 'wait':
      return;
  }
}

/**
 * Stores the template in the card's room on the bot (opening one for the rep when the number has none open) and
 * queues its send, in the step's transaction: the chat's outbox sends it once. Only a template goes, so the
 * 24-hour window never holds it back; the template is checked again, since it may have lost its approval.
 */
async function sendTemplate(
  deps: EngineDeps,
  tx: DbOrTx,
  ctx: WorkspaceContext,
  card: RunCard,
  action: Extract<AutomationAction, { type: 'send_template' }>,
) {
  const known = await checkTemplate(tx as unknown as Db, ctx, action, 'template');
  const values = (await batchCards(tx, ctx, [card.id])).get(card.id);
  const phone = values?.phoneNumber?.replace(/\D/g, '');
  if (!values || !phone) throw new HttpError(400, MESSAGES.automationNoPhone);
  const placeholders = cardPlaceholderValues(values);
  const [missing] = missingVariables(templateTexts(action.template), placeholders);
  if (missing) throw new HttpError(400, MESSAGES.templateVariableMissing(missing));
  const bot = await channelBot(tx, ctx, action.bot_id);
  const template = fillTemplate(action.template, placeholders);
  // The room shows the template as the contact reads it, not its name.
  const texts = templateMessageTexts(known, template);
  const { message } = await storeBatchMessage(tx, deps.events, ctx, bot, {
    opportunityId: card.id,
    phone,
    userId: card.userId,
    text: texts.body ?? action.template.name,
    header: texts.header,
    footer: texts.footer,
  });
  await enqueueSend(tx, deps, ctx, message.id, { template });
}

async function callWebhook(
  deps: EngineDeps,
  scope: Scope,
  job: StepJob,
  card: RunCard,
  action: Extract<AutomationAction, { type: 'webhook' }>,
  signal: AbortSignal,
) {
  const status = await postToWebhook(deps.db, deps.webhooks, scope, action.webhook_id, {
    event: 'automation.webhook',
    key: `automation-run-${job.runId}-step-${job.step}`,
    signal,
    payload: {
      event: 'automation.webhook',
      occurred_at: new Date().toISOString(),
      workspace_id: scope.workspaceId,
      data: {
        run_id: job.runId,
        step: job.step,
        opportunity: { id: card.id, name: card.name, user_id: card.userId },
      },
    },
  });
  if (status < 200 || status >= 300) throw new Error(MESSAGES.automationWebhookFailed(status));
}

/**
 * The triggers no event announces (a card idle for N hours, a task past its time, a date reached, the daily
 * schedule), found by a scan every minute. Each occurrence has a key of its own, so a scan that runs twice starts
 * its run once.
 */
async function scan(deps: EngineDeps, now = new Date()) {
  for (const trigger of SCANNED_TRIGGERS) {
    for (const { automation, version } of await q.scannedAutomations(deps.db, trigger)) {
      const scope = { platformId: automation.platformId, workspaceId: automation.workspaceId };
      for (const { cardId, occurrence } of await occurrencesOf(deps.db, scope, automation.id, version, now)) {
        await deps.db.transaction(async (tx) => {
          const card = await q.runCard(tx, scope, cardId);
          if (!card) return;
          await startRun(tx, deps, scope, {
            automation,
            version,
            cardId,
            blacklisted: card.blacklisted === true,
            depth: 0,
            occurrence,
          });
        });
      }
    }
  }
  await q.pruneStepSlots(deps.db, new Date(now.getTime() - 60 * MINUTE_MS));
}

const SCANNED_TRIGGERS = ['no_interaction', 'task_overdue', 'date_reached', 'schedule'] as const;
/** How long after its time a daily schedule still starts (a server that was down at that minute). */
const SCHEDULE_GRACE_MINUTES = 60;

/** The cards an automation of a scanned trigger reaches now, each with the key of its occurrence. */
async function occurrencesOf(
  db: Db,
  scope: Scope,
  automationId: number,
  version: q.VersionRow,
  now: Date,
): Promise<{ cardId: number; occurrence: string }[]> {
  const definition: AutomationDefinition = version.definition;
  const t = definition.trigger;
  const match = matchOf(definition);
  const [today, clock] = wallClockOf(now).split(' ') as [string, string];
  switch (t.type) {
    case 'no_interaction':
      return (
        await q.idleCards(
          db,
          scope,
          { ...match, idleBefore: new Date(now.getTime() - t.hours * 3_600_000) },
          SCAN_BATCH,
        )
      ).map((c) => ({ cardId: c.id, occurrence: `idle:${c.id}:${c.updatedAt.getTime()}` }));
    case 'task_overdue':
      return (await q.overdueTasks(db, scope, match, wallClockOf(now), SCAN_BATCH)).map((r) => ({
        cardId: r.cardId,
        occurrence: `task:${r.taskId}:${r.start}`,
      }));
    case 'date_reached': {
      const prefix = `date:${t.field}:${today}:`;
      const day = wallClockOf(new Date(now.getTime() - t.days_after * 86_400_000)).slice(0, 10);
      const cards = await q.cardsDueOn(
        db,
        scope,
        { ...match, automationId, prefix, day, field: t.field },
        SCAN_BATCH,
      );
      return cards.map((c) => ({ cardId: c.id, occurrence: `${prefix}${c.id}` }));
    }
    case 'schedule': {
      const late = minutesOfDay(clock) - minutesOfDay(t.time);
      if (late < 0 || late >= SCHEDULE_GRACE_MINUTES) return [];
      const prefix = `schedule:${today}:`;
      const cards = await q.cardsDueOn(db, scope, { ...match, automationId, prefix, day: today }, SCAN_BATCH);
      return cards.map((c) => ({ cardId: c.id, occurrence: `${prefix}${c.id}` }));
    }
    default:
      return [];
  }
}

const minutesOfDay = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

/**
 * A sandbox install's clock (SANDBOX_CLOCK) jumps ahead for the workspace: every wait of its runs ends now and the
 * step after it runs. Without that setting the route does not exist (404).
 */
export async function endWaitsInSandbox(
  deps: { jobs: Jobs; sandboxClock: boolean },
  ctx: WorkspaceContext,
): Promise<AutomationEndWaitsResult> {
  if (!deps.sandboxClock) throw notFound(MESSAGES.notFound);
  assertCanManage(ctx);
  const scope = { platformId: ctx.platformId, workspaceId: ctx.workspaceId };
  return { started: await deps.jobs.startNow(AUTOMATION_STEP_QUEUE, scope) };
}

export function registerAutomationEngine(deps: EngineDeps) {
  deps.events.subscribe(automationListener(deps));
  deps.events.on('message.received', inboundListener(deps));
  deps.jobs.work<StepJob>(AUTOMATION_STEP_QUEUE, (job, context) => runStep(deps, job, context), {
    retryLimit: 4,
    retryDelaySeconds: deps.webhooks.retryDelaySeconds,
    retryDelayMaxSeconds: 10 * 60,
    expireInSeconds: 60,
    concurrency: 4,
  });
  deps.jobs.work(AUTOMATION_SCAN_QUEUE, () => scan(deps));
  deps.jobs.schedule(AUTOMATION_SCAN_QUEUE, SCAN_CRON);
}

export { scan as scanAutomationTriggers };
