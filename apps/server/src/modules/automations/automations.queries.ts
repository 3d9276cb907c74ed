import { APP_TIME_ZONE } from '@vendaval/core/constants';
import type {
  AutomationActionType,
  AutomationConditions,
  AutomationDateField,
  AutomationDefinition,
  AutomationRunStatus,
  AutomationStepStatus,
  AutomationTriggerType,
} from '@vendaval/core/schemas/automations';
import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import {
  automationRuns,
  automationStepSlots,
  automationSteps,
  automations,
  automationVersions,
} from '../../schema/automations.tables.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { tasks } from '../../schema/tasks.tables.ts';
import { users } from '../../schema/users.tables.ts';

export type AutomationRow = typeof automations.$inferSelect;
export type VersionRow = typeof automationVersions.$inferSelect;
export type RunRow = typeof automationRuns.$inferSelect;
type Page = { limit: number; offset: number };

const byId = (scope: Scope, id: number) => and(ofWorkspace(automations, scope), eq(automations.id, id));

const withLive = {
  automation: automations,
  liveNumber: automationVersions.number,
  liveDefinition: automationVersions.definition,
  // Read through the runs' scope index (platform, workspace, automation, started_at).
  runCount: sql<number>`(select count(*)::int from ${automationRuns} r where r.platform_id = ${automations.platformId} and r.workspace_id = ${automations.workspaceId} and r.automation_id = ${automations.id})`,
};
const liveJoin = tenantJoin(
  automationVersions,
  automations,
  eq(automationVersions.id, automations.liveVersionId),
);

export async function listAutomations(db: DbOrTx, scope: Scope, page: Page) {
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select(withLive)
        .from(automations)
        .leftJoin(automationVersions, liveJoin)
        .where(ofWorkspace(automations, scope))
        .orderBy(desc(automations.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(automations).where(ofWorkspace(automations, scope)),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findAutomation(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select(withLive)
    .from(automations)
    .leftJoin(automationVersions, liveJoin)
    .where(byId(scope, id));
  return row ?? null;
}

/** Locks the automation so two publishes never take the same number. */
export async function lockAutomation(tx: DbOrTx, scope: Scope, id: number) {
  const [row] = await tx.select().from(automations).where(byId(scope, id)).for('update');
  return row ?? null;
}

export async function insertAutomation(
  db: DbOrTx,
  scope: Scope,
  values: { name: string; draft: AutomationDefinition; enabled: boolean },
) {
  const [row] = await db
    .insert(automations)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning({ id: automations.id });
  if (!row) throw new Error('automation insert returned nothing');
  return row.id;
}

export async function updateAutomation(
  db: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<{ name: string; draft: AutomationDefinition; enabled: boolean; liveVersionId: number }>,
) {
  const [row] = await db
    .update(automations)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(scope, id))
    .returning({ id: automations.id });
  return row ?? null;
}

export async function deleteAutomation(db: DbOrTx, scope: Scope, id: number) {
  const rows = await db.delete(automations).where(byId(scope, id)).returning({ id: automations.id });
  return rows.length > 0;
}

// ---- versions ---------------------------------------------------------------------------------------

const versionColumns = { version: automationVersions, publisherName: users.name };

export function listVersions(db: DbOrTx, scope: Scope, automationId: number) {
  return db
    .select(versionColumns)
    .from(automationVersions)
    .leftJoin(users, eq(users.id, automationVersions.publishedBy))
    .where(and(ofWorkspace(automationVersions, scope), eq(automationVersions.automationId, automationId)))
    .orderBy(desc(automationVersions.number));
}

export async function findVersion(db: DbOrTx, scope: Scope, automationId: number, versionId: number) {
  const [row] = await db
    .select(versionColumns)
    .from(automationVersions)
    .leftJoin(users, eq(users.id, automationVersions.publishedBy))
    .where(
      and(
        ofWorkspace(automationVersions, scope),
        eq(automationVersions.automationId, automationId),
        eq(automationVersions.id, versionId),
      ),
    );
  return row ?? null;
}

export async function insertVersion(
  tx: DbOrTx,
  scope: Scope,
  automationId: number,
  definition: AutomationDefinition,
  publishedBy: number,
) {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${automationVersions.number}), 0)::int` })
    .from(automationVersions)
    .where(and(ofWorkspace(automationVersions, scope), eq(automationVersions.automationId, automationId)));
  const [row] = await tx
    .insert(automationVersions)
    .values({
      platformId: scope.platformId,
      workspaceId: scope.workspaceId,
      automationId,
      number: (last?.n ?? 0) + 1,
      definition,
      publishedBy,
    })
    .returning();
  if (!row) throw new Error('version insert returned nothing');
  return row;
}

/** The enabled automations of the workspace with a live version whose trigger is of this type. */
export function liveAutomations(db: DbOrTx, scope: Scope, trigger: AutomationTriggerType) {
  return db
    .select({ automation: automations, version: automationVersions })
    .from(automations)
    .innerJoin(automationVersions, liveJoin)
    .where(
      and(
        ofWorkspace(automations, scope),
        eq(automations.enabled, true),
        sql`${automationVersions.definition}->'trigger'->>'type' = ${trigger}`,
      ),
    );
}

/** Every enabled live automation of a scanned trigger, across tenants (the scan job's list). */
export function scannedAutomations(db: DbOrTx, trigger: AutomationTriggerType) {
  return db
    .select({ automation: automations, version: automationVersions })
    .from(automations)
    .innerJoin(automationVersions, liveJoin)
    .where(
      and(
        eq(automations.enabled, true),
        isNotNull(automations.liveVersionId),
        sql`${automationVersions.definition}->'trigger'->>'type' = ${trigger}`,
      ),
    );
}

// ---- the cards a definition reaches ----------------------------------------------------------------------

export interface CardMatch {
  conditions: AutomationConditions;
  /** Only open cards (every trigger but won and lost). */
  openOnly: boolean;
  /** A stage the trigger itself names (stage changed to…). */
  stageId?: number | null;
  idleBefore?: Date;
}

/**
 * The one condition query: the engine asks it whether the card of an event matches, the forecast asks it how
 * many cards match now. Each non-empty list of the conditions must hold.
 */
function cardWhere(scope: Scope, match: CardMatch) {
  const c = match.conditions;
  return and(
    ofWorkspace(opportunities, scope),
    match.openOnly ? eq(opportunities.stateType, 'Open') : undefined,
    match.stageId ? eq(opportunities.salesStageId, match.stageId) : undefined,
    c.stage_ids.length ? inArray(opportunities.salesStageId, c.stage_ids) : undefined,
    c.source_types.length ? inArray(opportunities.sourceType, c.source_types) : undefined,
    c.campaign_ids.length ? inArray(opportunities.campaignId, c.campaign_ids) : undefined,
    c.media_ids.length ? inArray(opportunities.mediaId, c.media_ids) : undefined,
    c.tag_ids.length ? arrayOverlaps(opportunities.tagIds, c.tag_ids) : undefined,
    c.user_ids.length ? inArray(opportunities.userId, c.user_ids) : undefined,
    match.idleBefore ? lt(opportunities.updatedAt, match.idleBefore) : undefined,
  );
}

const cardColumns = {
  id: opportunities.id,
  name: opportunities.name,
  salesStageId: opportunities.salesStageId,
  userId: opportunities.userId,
  updatedAt: opportunities.updatedAt,
};

export async function matchingCards(db: DbOrTx, scope: Scope, match: CardMatch, limit: number) {
  const where = cardWhere(scope, match);
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db.select(cardColumns).from(opportunities).where(where).orderBy(desc(opportunities.id)).limit(limit),
    () => db.select({ n: count() }).from(opportunities).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

/** Which of `matches` the card meets, in one query: the i-th answer is whether it meets the i-th match. */
export async function cardMeets(db: DbOrTx, scope: Scope, cardId: number, matches: CardMatch[]) {
  if (matches.length === 0) return [];
  const columns = Object.fromEntries(
    matches.map((match, i) => [`m${i}`, sql<boolean>`coalesce(${cardWhere(scope, match)}, false)`]),
  );
  const [row] = await db
    .select(columns)
    .from(opportunities)
    .where(and(ofWorkspace(opportunities, scope), eq(opportunities.id, cardId)));
  return matches.map((_, i) => row?.[`m${i}`] === true);
}

/** Not yet started for `prefix` + the card's id, so a scan's page moves on past the cards it has run on. */
const notStarted = (automationId: number, prefix: string) =>
  sql`not exists (select 1 from ${automationRuns} r where r.platform_id = ${opportunities.platformId} and r.automation_id = ${automationId} and r.occurrence = ${prefix} || ${opportunities.id}::text)`;

/** The Brasília calendar day of a card date; a birthday as its month and day, since it comes back every year. */
function dayOf(field: AutomationDateField, day: string) {
  const local = (column: AnyPgColumn) => sql`(${column} at time zone ${APP_TIME_ZONE})::date = ${day}::date`;
  if (field === 'created_at') return local(opportunities.createdAt);
  if (field === 'recreated_at') return local(opportunities.recreatedAt);
  return sql`to_char(${contacts.birthdate}, 'MM-DD') = to_char(${day}::date, 'MM-DD')`;
}

/**
 * Matching cards whose date `field` falls on `day`, or, without a field, every matching card (a daily schedule);
 * only those with no run for `prefix` + id yet, in pages for the scan.
 */
export function cardsDueOn(
  db: DbOrTx,
  scope: Scope,
  match: CardMatch & { automationId: number; prefix: string; day: string; field?: AutomationDateField },
  limit: number,
) {
  return db
    .select({ id: opportunities.id })
    .from(opportunities)
    .leftJoin(contacts, tenantJoin(contacts, opportunities, eq(contacts.id, opportunities.contactId)))
    .where(
      and(
        cardWhere(scope, match),
        match.field ? dayOf(match.field, match.day) : undefined,
        notStarted(match.automationId, match.prefix),
      ),
    )
    .limit(limit);
}

/** Open cards matching, idle since before `idleBefore`, in pages for the scan. */
export function idleCards(db: DbOrTx, scope: Scope, match: CardMatch, limit: number) {
  return db.select(cardColumns).from(opportunities).where(cardWhere(scope, match)).limit(limit);
}

/** Open tasks past their time on open matching cards. */
export function overdueTasks(
  db: DbOrTx,
  scope: Scope,
  match: CardMatch,
  wallClockNow: string,
  limit: number,
) {
  return db
    .select({ taskId: tasks.id, start: tasks.startTimestamp, cardId: opportunities.id })
    .from(tasks)
    .innerJoin(opportunities, tenantJoin(opportunities, tasks, eq(opportunities.id, tasks.opportunityId)))
    .where(
      and(
        ofWorkspace(tasks, scope),
        sql`${tasks.status} <> 'Completed'`,
        eq(tasks.isRegistry, false),
        lt(tasks.startTimestamp, wallClockNow),
        cardWhere(scope, match),
      ),
    )
    .limit(limit);
}

/** The card as a run needs it: its state, owner, tags and whether its contact is blacklisted. */
export async function runCard(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: opportunities.id,
      name: opportunities.name,
      stateType: opportunities.stateType,
      userId: opportunities.userId,
      tagIds: opportunities.tagIds,
      sourceType: opportunities.sourceType,
      formId: opportunities.formId,
      blacklisted: contacts.isBlacklisted,
    })
    .from(opportunities)
    .leftJoin(contacts, tenantJoin(contacts, opportunities, eq(contacts.id, opportunities.contactId)))
    .where(and(ofWorkspace(opportunities, scope), eq(opportunities.id, id)));
  return row ?? null;
}

// ---- runs and steps ---------------------------------------------------------------------------------------

export async function insertRun(
  tx: DbOrTx,
  scope: Scope,
  values: {
    automationId: number;
    versionId: number;
    opportunityId: number;
    trigger: AutomationTriggerType;
    depth: number;
    status: AutomationRunStatus;
    reason?: string | null;
    occurrence?: string | null;
  },
) {
  const finished = values.status === 'running' ? null : new Date();
  const [row] = await tx
    .insert(automationRuns)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId, finishedAt: finished })
    .onConflictDoNothing()
    .returning({ id: automationRuns.id });
  return row?.id ?? null;
}

export async function findRun(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      run: automationRuns,
      definition: automationVersions.definition,
      publishedBy: automationVersions.publishedBy,
      name: automations.name,
    })
    .from(automationRuns)
    .innerJoin(
      automationVersions,
      tenantJoin(automationVersions, automationRuns, eq(automationVersions.id, automationRuns.versionId)),
    )
    .innerJoin(
      automations,
      tenantJoin(automations, automationRuns, eq(automations.id, automationRuns.automationId)),
    )
    .where(and(ofWorkspace(automationRuns, scope), eq(automationRuns.id, id)));
  return row ?? null;
}

export async function finishRun(
  db: DbOrTx,
  scope: Scope,
  id: number,
  status: AutomationRunStatus,
  reason: string | null = null,
) {
  await db
    .update(automationRuns)
    .set({ status, reason, finishedAt: new Date() })
    .where(
      and(
        ofWorkspace(automationRuns, scope),
        eq(automationRuns.id, id),
        eq(automationRuns.status, 'running'),
      ),
    );
}

/** The step's row; null when it was already written (a retried or repeated job). */
export async function insertStep(
  tx: DbOrTx,
  scope: Scope,
  values: {
    runId: number;
    stepIndex: number;
    type: AutomationActionType;
    status: AutomationStepStatus;
    error?: string | null;
    attempts: number;
  },
) {
  const [row] = await tx
    .insert(automationSteps)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .onConflictDoNothing()
    .returning({ id: automationSteps.id });
  return row?.id ?? null;
}

export async function findStep(db: DbOrTx, scope: Scope, runId: number, stepIndex: number) {
  const [row] = await db
    .select()
    .from(automationSteps)
    .where(
      and(
        ofWorkspace(automationSteps, scope),
        eq(automationSteps.runId, runId),
        eq(automationSteps.stepIndex, stepIndex),
      ),
    );
  return row ?? null;
}

/**
 * Takes one of the workspace's step slots of this minute; false when the minute is full. The upsert locks the
 * minute's row, so concurrent steps count one after the other and never pass the limit.
 */
export async function takeStepSlot(db: DbOrTx, scope: Scope, minute: Date, limit: number) {
  const rows = await db
    .insert(automationStepSlots)
    .values({ platformId: scope.platformId, workspaceId: scope.workspaceId, minute, steps: 1 })
    .onConflictDoUpdate({
      target: [automationStepSlots.platformId, automationStepSlots.workspaceId, automationStepSlots.minute],
      set: { steps: sql`${automationStepSlots.steps} + 1` },
      setWhere: lt(automationStepSlots.steps, limit),
    })
    .returning({ steps: automationStepSlots.steps });
  return rows.length > 0;
}

/** Minutes long past, across tenants (the scan's upkeep). */
export async function pruneStepSlots(db: DbOrTx, before: Date) {
  await db.delete(automationStepSlots).where(lt(automationStepSlots.minute, before));
}

export async function listRuns(
  db: DbOrTx,
  scope: Scope,
  automationId: number,
  filter: Page & { from?: Date; to?: Date; dateType: 'started_at' | 'finished_at' },
) {
  const column = filter.dateType === 'finished_at' ? automationRuns.finishedAt : automationRuns.startedAt;
  const where = and(
    ofWorkspace(automationRuns, scope),
    eq(automationRuns.automationId, automationId),
    filter.from ? gte(column, filter.from) : undefined,
    filter.to ? lte(column, filter.to) : undefined,
  );
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select({
          run: automationRuns,
          versionNumber: automationVersions.number,
          cardName: opportunities.name,
        })
        .from(automationRuns)
        .innerJoin(
          automationVersions,
          tenantJoin(automationVersions, automationRuns, eq(automationVersions.id, automationRuns.versionId)),
        )
        .leftJoin(
          opportunities,
          tenantJoin(opportunities, automationRuns, eq(opportunities.id, automationRuns.opportunityId)),
        )
        .where(where)
        .orderBy(desc(automationRuns.startedAt), desc(automationRuns.id))
        .limit(filter.limit)
        .offset(filter.offset),
    () => db.select({ n: count() }).from(automationRuns).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export function stepsOf(db: DbOrTx, scope: Scope, runIds: number[]) {
  if (runIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(automationSteps)
    .where(and(ofWorkspace(automationSteps, scope), inArray(automationSteps.runId, runIds)))
    .orderBy(asc(automationSteps.runId), asc(automationSteps.stepIndex));
}
