import { z } from 'zod';

export const workspaceSettingsSchema = z.strictObject({
  require_task_for_stage_change: z.boolean(),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;
export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettings = { require_task_for_stage_change: true };

export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  settings: workspaceSettingsSchema,
  created_at: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceNameSchema = z.strictObject({
  name: z.string().trim().min(2, 'O nome deve ter no mínimo 2 caracteres').max(80),
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
