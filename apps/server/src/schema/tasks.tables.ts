import type { TaskStatus } from '@vendaval/core/constants';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { interactionTypes, taskTypes } from './catalog.tables.ts';
import { opportunities } from './opportunities.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** A scheduled task or a registry (something already done) on a card. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    /** The card (parent_type 'Opportunity'). */
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name'),
    taskTypeId: integer('task_type_id').references(() => taskTypes.id, { onDelete: 'set null' }),
    interactionTypeId: integer('interaction_type_id').references(() => interactionTypes.id, {
      onDelete: 'set null',
    }),
    description: text('description'),
    /** Wall-clock time in the workspace's time zone (America/Sao_Paulo), as the client sends it. */
    startTimestamp: timestamp('start_timestamp', { mode: 'string' }).notNull(),
    isRegistry: boolean('is_registry').notNull().default(false),
    /** Completed after its scheduled time. */
    endedScheduled: boolean('ended_scheduled').notNull().default(false),
    status: text('status').$type<TaskStatus>().notNull().default('NotStarted'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The call and the room that hold the task InProgress while they are on (decisions.md §13): the rep's open
     * tasks on the card, due by the end of that day, are linked when the call is placed or the room is theirs.
     */
    linkedCallId: integer('linked_call_id'),
    linkedDialogId: integer('linked_dialog_id'),
    ...timestamps(),
  },
  (t) => [
    index('tasks_opportunity_idx').on(t.platformId, t.workspaceId, t.opportunityId),
    index('tasks_start_idx').on(t.platformId, t.workspaceId, t.startTimestamp),
    index('tasks_user_start_idx').on(t.platformId, t.workspaceId, t.userId, t.startTimestamp),
    // The due-soon sweep reads the open tasks of every tenant by time.
    index('tasks_due_idx')
      .on(t.startTimestamp)
      .where(sql`${t.status} <> 'Completed' and not ${t.isRegistry}`),
  ],
);
