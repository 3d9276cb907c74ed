import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { rowIdSchema } from './common.ts';

/**
 * Who gets the workspace's cards when the distribution is 'WorkspaceConfiguration' (opportunities.md §4.1, §9):
 * the Working sales reps in turn, or always one chosen member.
 */
export const WORKSPACE_DISTRIBUTIONS = ['round_robin', 'fixed_user'] as const;
export type WorkspaceDistribution = (typeof WORKSPACE_DISTRIBUTIONS)[number];

export const workspaceSettingsSchema = z.strictObject({
  require_task_for_stage_change: z.boolean(),
  distribution: z.enum(WORKSPACE_DISTRIBUTIONS),
  /** The member who gets every card when `distribution` is 'fixed_user'. */
  distribution_user_id: rowIdSchema.nullable(),
  /** Whether the board and the agenda keep their filters for someone who has not chosen (PLAT-113, PLAT-115). */
  keep_filters: z.boolean(),
  /** The 'Não é aluno?' checkbox (OPP-017); null follows the platform's responsibleCheck flag. */
  responsible_check: z.boolean().nullable(),
  /** The actions (task type ids) a task made on the calendar offers; empty offers them all. */
  calendar_actions: z.array(z.number().int().positive()).max(100),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;
export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettings = {
  require_task_for_stage_change: true,
  distribution: 'round_robin',
  distribution_user_id: null,
  keep_filters: false,
  responsible_check: null,
  calendar_actions: [],
};
/** A settings change names only what it changes; the rest keeps its value. */
export const workspaceSettingsPatchSchema = workspaceSettingsSchema.partial();

export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  settings: workspaceSettingsSchema,
  created_at: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

const workspaceName = z.string().trim().min(2, MESSAGES.workspaceNameTooShort).max(80);
export const workspaceNameSchema = z.strictObject({ name: workspaceName });

/** A new workspace from the management screen: its name and, optionally, settings other than the defaults. */
export const workspaceCreateSchema = z.strictObject({
  name: workspaceName,
  settings: workspaceSettingsPatchSchema.optional(),
});

export const logEntrySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subject_user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
