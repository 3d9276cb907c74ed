import { z } from 'zod';

export const workspaceSettingsSchema = z.strictObject({
  require_task_for_stage_change: z.boolean(),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;
export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettings = { require_task_for_stage_change: true };
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

const workspaceName = z.string().trim().min(2, 'O nome deve ter no mínimo 2 caracteres').max(80);
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
