import { isClosedStageType } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canManageAutomations } from '@vendaval/core/permissions';
import type {
  Automation,
  AutomationAction,
  AutomationCreate,
  AutomationDefinition,
  AutomationForecast,
  AutomationLogsQuery,
  AutomationRun,
  AutomationUpdate,
  AutomationVersion,
} from '@vendaval/core/schemas/automations';
import { templateTexts, unknownVariables } from '@vendaval/core/template-variables';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import { type Page, pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { channelBot } from '../bots/bots.service.ts';
import { getTemplate } from '../bots/meta-templates.service.ts';
import { salesStagesOf } from '../catalog/catalog.service.ts';
import * as lists from '../catalog/lists.service.ts';
import { findMembership } from '../users/users.service.ts';
import { hasWebhook } from '../webhooks/webhooks.service.ts';
import * as q from './automations.queries.ts';

const FORECAST_SAMPLE = 10;

export function assertCanManage(ctx: WorkspaceContext) {
  if (!canManageAutomations(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

const sameDefinition = (a: AutomationDefinition, b: AutomationDefinition | null) =>
  b !== null && JSON.stringify(a) === JSON.stringify(b);

function toAutomation(row: NonNullable<Awaited<ReturnType<typeof q.findAutomation>>>): Automation {
  const a = row.automation;
  return {
    id: a.id,
    name: a.name,
    enabled: a.enabled,
    definition: a.draft,
    live_version_id: a.liveVersionId,
    live_version_number: row.liveNumber,
    has_unpublished_changes: !sameDefinition(a.draft, row.liveDefinition),
    run_count: row.runCount,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

function toVersion(
  row: q.VersionRow & { publisherName: string | null },
  liveId: number | null,
): AutomationVersion {
  return {
    id: row.id,
    automation_id: row.automationId,
    number: row.number,
    definition: row.definition,
    is_live: row.id === liveId,
    published_at: row.publishedAt.toISOString(),
    published_by: row.publisherName === null ? null : { id: row.publishedBy, name: row.publisherName },
  };
}

async function own(db: DbOrTx, ctx: WorkspaceContext, id: number) {
  assertCanManage(ctx);
  const row = await q.findAutomation(db, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

/**
 * Every id a definition names must be of this workspace, like an id in a path: 404 otherwise, before anything is
 * written. A move goes to an open stage (won and lost are closes, with their own rules).
 */
export async function checkDefinitionRefs(db: Db, ctx: WorkspaceContext, definition: AutomationDefinition) {
  const stages = await salesStagesOf(db, ctx);
  const stage = (id: number) => {
    const found = stages.find((s) => s.id === id);
    if (!found) throw notFound(MESSAGES.notFound);
    return found;
  };
  const c = definition.conditions;
  for (const id of c.stage_ids) stage(id);
  if (definition.trigger.type === 'stage_changed' && definition.trigger.to_stage_id)
    stage(definition.trigger.to_stage_id);
  for (const id of c.campaign_ids) await lists.getItem(db, ctx, lists.campaigns, id);
  for (const id of c.media_ids) await lists.getItem(db, ctx, lists.medias, id);
  for (const id of c.tag_ids) await lists.getItem(db, ctx, lists.tags, id);
  for (const id of c.user_ids) await member(db, ctx, id);
  for (const [i, action] of definition.actions.entries()) {
    switch (action.type) {
      case 'move_stage':
        if (isClosedStageType(stage(action.stage_id).type))
          throw badRequest(MESSAGES.automationStageClosed, `definition.actions.${i}.stage_id`);
        break;
      case 'assign':
        if (action.user_id !== null) await member(db, ctx, action.user_id);
        break;
      case 'add_tag':
      case 'remove_tag':
        await lists.getItem(db, ctx, lists.tags, action.tag_id);
        break;
      case 'create_task':
        await lists.getItem(db, ctx, lists.taskTypes, action.task_type_id);
        await lists.getItem(db, ctx, lists.interactionTypes, action.interaction_type_id);
        break;
      case 'webhook':
        if (!(await hasWebhook(db, ctx, action.webhook_id))) throw notFound(MESSAGES.notFound);
        break;
      case 'send_template':
        await checkTemplate(db, ctx, action, `definition.actions.${i}.template`);
        break;
      case 'notify':
        if (action.to === 'members' && action.user_ids.length === 0)
          throw badRequest(MESSAGES.automationNotifyMembersRequired, `definition.actions.${i}.user_ids`);
        for (const id of action.user_ids) await member(db, ctx, id);
        break;
      case 'wait':
        break;
    }
  }
}

/**
 * The template must exist on a bot of the workspace, approved when the bot is WhatsApp Business (it is what goes
 * outside the 24-hour window), with only variables a card fills and no media (a definition holds no files).
 */
export async function checkTemplate(
  db: Db,
  ctx: Scope,
  action: Extract<AutomationAction, { type: 'send_template' }>,
  field: string,
) {
  const bot = await channelBot(db, ctx, action.bot_id);
  const known = await getTemplate(db, ctx, bot.id, action.template.name, action.template.language);
  if (bot.channel === 'whatsapp_cloud' && known.status !== 'APPROVED')
    throw badRequest(MESSAGES.batchTemplateNotApproved, field);
  const [unknown] = unknownVariables(templateTexts(action.template));
  if (unknown) throw badRequest(MESSAGES.unknownTemplateVariable(unknown), field);
  const parameters = action.template.components.flatMap((c) => c.parameters);
  if (parameters.some((p) => 'file' in p))
    throw badRequest(MESSAGES.automationTemplateFilesUnsupported, field);
  return known;
}

async function member(db: DbOrTx, ctx: WorkspaceContext, userId: number) {
  if (!(await findMembership(db, ctx.platformId, ctx.workspaceId, userId))) throw notFound(MESSAGES.notFound);
}

export async function listAutomations(
  db: Db,
  ctx: WorkspaceContext,
  page: { limit: number; offset: number },
): Promise<Page<Automation>> {
  assertCanManage(ctx);
  const { rows, total } = await q.listAutomations(db, ctx, page);
  return pageOf(rows.map(toAutomation), total, page.limit, page.offset);
}

export async function getAutomation(db: Db, ctx: WorkspaceContext, id: number) {
  return toAutomation(await own(db, ctx, id));
}

export async function createAutomation(db: Db, ctx: WorkspaceContext, input: AutomationCreate) {
  assertCanManage(ctx);
  await checkDefinitionRefs(db, ctx, input.definition);
  const id = await q.insertAutomation(db, ctx, {
    name: input.name,
    draft: input.definition,
    enabled: input.enabled,
  });
  return getAutomation(db, ctx, id);
}

/** Changes the draft and the switch; what is live changes only by publishing. */
export async function updateAutomation(db: Db, ctx: WorkspaceContext, id: number, patch: AutomationUpdate) {
  await own(db, ctx, id);
  if (patch.definition) await checkDefinitionRefs(db, ctx, patch.definition);
  await q.updateAutomation(db, ctx, id, {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.definition !== undefined ? { draft: patch.definition } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
  });
  return getAutomation(db, ctx, id);
}

/** Deleting an automation takes its versions and run log with it; runs under way stop at their next step. */
export async function deleteAutomation(db: Db, ctx: WorkspaceContext, id: number) {
  assertCanManage(ctx);
  if (!(await q.deleteAutomation(db, ctx, id))) throw notFound(MESSAGES.notFound);
  return { message: 'ok' };
}

export async function listVersions(db: Db, ctx: WorkspaceContext, id: number) {
  const automation = await own(db, ctx, id);
  const rows = await q.listVersions(db, ctx, id);
  const data = rows.map((r) =>
    toVersion({ ...r.version, publisherName: r.publisherName }, automation.automation.liveVersionId),
  );
  return pageOf(data, data.length, data.length, 0);
}

export async function getVersion(db: Db, ctx: WorkspaceContext, id: number, versionId: number) {
  const automation = await own(db, ctx, id);
  const row = await q.findVersion(db, ctx, id, versionId);
  if (!row) throw notFound(MESSAGES.notFound);
  return toVersion({ ...row.version, publisherName: row.publisherName }, automation.automation.liveVersionId);
}

/**
 * Freezes the draft as a new numbered version and makes it live: runs already started keep the version they
 * started on. The draft's ids are checked again, since a stage or a tag may have gone since it was saved.
 */
export async function publishAutomation(db: Db, ctx: WorkspaceContext, id: number) {
  const current = await own(db, ctx, id);
  await checkDefinitionRefs(db, ctx, current.automation.draft);
  const version = await db.transaction(async (tx) => {
    const locked = await q.lockAutomation(tx, ctx, id);
    if (!locked) throw notFound(MESSAGES.notFound);
    const created = await q.insertVersion(tx, ctx, id, locked.draft, ctx.userId);
    await q.updateAutomation(tx, ctx, id, { liveVersionId: created.id });
    return created;
  });
  return getVersion(db, ctx, id, version.id);
}

/** Makes an earlier published version live again (a rollback), unchanged. */
export async function makeVersionLive(db: Db, ctx: WorkspaceContext, id: number, versionId: number) {
  await getVersion(db, ctx, id, versionId);
  await q.updateAutomation(db, ctx, id, { liveVersionId: versionId });
  return getVersion(db, ctx, id, versionId);
}

export async function listRuns(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  query: AutomationLogsQuery,
): Promise<Page<AutomationRun>> {
  await own(db, ctx, id);
  const { rows, total } = await q.listRuns(db, ctx, id, {
    limit: query.limit,
    offset: query.offset,
    dateType: query.date_type,
    ...(query.start_timestamp ? { from: new Date(query.start_timestamp) } : {}),
    ...(query.end_timestamp ? { to: new Date(query.end_timestamp) } : {}),
  });
  const steps = await q.stepsOf(
    db,
    ctx,
    rows.map((r) => r.run.id),
  );
  const data = rows.map(({ run, versionNumber, cardName }) => ({
    id: run.id,
    version_id: run.versionId,
    version_number: versionNumber,
    opportunity:
      run.opportunityId !== null && cardName !== null ? { id: run.opportunityId, name: cardName } : null,
    trigger: run.trigger,
    depth: run.depth,
    status: run.status,
    reason: run.reason,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    steps: steps
      .filter((s) => s.runId === run.id)
      .map((s) => ({
        index: s.stepIndex,
        type: s.type,
        status: s.status,
        error: s.error,
        attempts: s.attempts,
        executed_at: s.executedAt.toISOString(),
      })),
  }));
  return pageOf(data, total, query.limit, query.offset);
}

/** What the engine's condition query would reach now, for a definition not yet published. */
export function matchOf(definition: AutomationDefinition): q.CardMatch {
  const trigger = definition.trigger;
  return {
    conditions: definition.conditions,
    openOnly: trigger.type !== 'won' && trigger.type !== 'lost',
    stageId: trigger.type === 'stage_changed' ? trigger.to_stage_id : null,
  };
}

export async function forecast(
  db: Db,
  ctx: WorkspaceContext,
  definition: AutomationDefinition,
): Promise<AutomationForecast> {
  assertCanManage(ctx);
  await checkDefinitionRefs(db, ctx, definition);
  const { rows, total } = await q.matchingCards(db, ctx, matchOf(definition), FORECAST_SAMPLE);
  return {
    count: total,
    sample: rows.map((r) => ({ id: r.id, name: r.name, sales_stage_id: r.salesStageId, user_id: r.userId })),
  };
}
