import type {
  AutomationActionType,
  AutomationDefinition,
  AutomationRunStatus,
  AutomationStepStatus,
  AutomationTriggerType,
} from '@vendaval/core/schemas/automations';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** An automation: the draft people edit, and which published version (if any) reacts to the cards. */
export const automations = pgTable(
  'automations',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    draft: jsonb('draft').$type<AutomationDefinition>().notNull(),
    /** The published version new runs start on; null until the first publish. */
    liveVersionId: integer('live_version_id'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('automations_scope_idx').on(t.platformId, t.workspaceId, t.id)],
);

/** A published definition: written once, never changed, so a run started on it finishes on it. */
export const automationVersions = pgTable(
  'automation_versions',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    definition: jsonb('definition').$type<AutomationDefinition>().notNull(),
    /** Whose rights the actions use, and who the history credits beside the automation. */
    publishedBy: integer('published_by')
      .notNull()
      .references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automation_versions_number_idx').on(t.platformId, t.automationId, t.number),
    index('automation_versions_scope_idx').on(t.platformId, t.workspaceId, t.automationId),
  ],
);

/** One card going through one version's actions. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    automationId: integer('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => automationVersions.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id').references(() => opportunities.id, { onDelete: 'set null' }),
    trigger: text('trigger').$type<AutomationTriggerType>().notNull(),
    /** How many automation actions in a row led here (0: a person's or the system's change). */
    depth: integer('depth').notNull().default(0),
    status: text('status').$type<AutomationRunStatus>().notNull(),
    reason: text('reason'),
    /** For the scanned triggers: the occurrence a run was started for, so a scan never starts it twice. */
    occurrence: text('occurrence'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('automation_runs_scope_idx').on(t.platformId, t.workspaceId, t.automationId, t.startedAt),
    uniqueIndex('automation_runs_occurrence_idx').on(t.platformId, t.automationId, t.occurrence),
  ],
);

/** One action of a run, written in the transaction of the action: its key is what makes a retried job skip it. */
export const automationSteps = pgTable(
  'automation_steps',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    runId: integer('run_id')
      .notNull()
      .references(() => automationRuns.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    type: text('type').$type<AutomationActionType>().notNull(),
    status: text('status').$type<AutomationStepStatus>().notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    executedAt: timestamp('executed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('automation_steps_run_step_idx').on(t.platformId, t.runId, t.stepIndex)],
);

/**
 * The steps a workspace's runs took in one minute: a step takes a slot before it acts, and a full minute defers
 * it to the next, so one workspace's burst never holds up the others.
 */
export const automationStepSlots = pgTable(
  'automation_step_slots',
  {
    platformId: integer('platform_id').notNull(),
    workspaceId: integer('workspace_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    steps: integer('steps').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.workspaceId, t.minute] })],
);
