import { z } from 'zod';
import { templateSendSchema } from './chat.ts';
import { rowIdSchema } from './common.ts';
import { opportunityFilterSchema } from './opportunities.ts';

// Batch messaging ('Disparo em massa', chat.md §5 and §7, platform.md §4): one template sent through a bot to every
// card an opportunity filter finds, in the background, with progress readable by id.

export const BATCH_MESSAGE_STATUSES = ['scheduled', 'running', 'paused', 'cancelled', 'completed'] as const;
export type BatchMessageStatus = (typeof BATCH_MESSAGE_STATUSES)[number];

export const BATCH_MESSAGE_STATUS_LABELS: Readonly<Record<BatchMessageStatus, string>> = {
  scheduled: 'Agendado',
  running: 'Enviando',
  paused: 'Pausado',
  cancelled: 'Cancelado',
  completed: 'Concluído',
};

export const BATCH_RECIPIENT_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type BatchRecipientStatus = (typeof BATCH_RECIPIENT_STATUSES)[number];

/** How often the screen reads a running batch's progress. */
export const BATCH_MESSAGE_POLL_MS = 2000;

/** The audience: the opportunity list's filters (stages, responsibles, period…). */
export const batchAudienceSchema = z.strictObject({ filter: opportunityFilterSchema.prefault({}) });
export type BatchAudience = z.infer<typeof batchAudienceSchema>;

export const batchAudienceCountSchema = z.object({ recipients: z.number().int() });
export type BatchAudienceCount = z.infer<typeof batchAudienceCountSchema>;

/** POST /batch-messages. */
export const batchMessageCreateSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  bot_id: rowIdSchema,
  template: templateSendSchema,
  /** The template's texts as the contact reads them, placeholders included, for each room's record. */
  message: z.string().max(4096).optional(),
  header: z.string().max(1024).optional(),
  footer: z.string().max(1024).optional(),
  filter: opportunityFilterSchema.prefault({}),
});
export type BatchMessageCreate = z.infer<typeof batchMessageCreateSchema>;
export type BatchMessageCreateInput = z.input<typeof batchMessageCreateSchema>;

/** POST /batch-messages/preview: the batch as it would be created, before its title is needed. */
export const batchPreviewBodySchema = batchMessageCreateSchema.omit({ title: true });
export type BatchPreviewBody = z.infer<typeof batchPreviewBodySchema>;
export type BatchPreviewInput = z.input<typeof batchPreviewBodySchema>;

/** How many phones the batch reaches, and its texts as one real recipient of them would read them. */
export const batchPreviewSchema = z.object({
  recipients: z.number().int(),
  sample: z
    .object({
      opportunity_id: z.number().int(),
      contact_name: z.string().nullable(),
      header: z.string().nullable(),
      message: z.string().nullable(),
      footer: z.string().nullable(),
    })
    .nullable(),
});
export type BatchPreview = z.infer<typeof batchPreviewSchema>;

export const batchMessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  bot_id: z.number().int(),
  bot_name: z.string().nullable(),
  template_name: z.string(),
  status: z.enum(BATCH_MESSAGE_STATUSES),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BatchMessage = z.infer<typeof batchMessageSchema>;

export const batchRecipientSchema = z.object({
  opportunity_id: z.number().int(),
  phone_number: z.string(),
  status: z.enum(BATCH_RECIPIENT_STATUSES),
  error: z.string().nullable(),
  dialog_id: z.number().int().nullable(),
  sent_at: z.string().nullable(),
});
export type BatchRecipient = z.infer<typeof batchRecipientSchema>;

/** GET /batch-messages/{id}: the batch and its recipients (a salesRep reads only their own cards'). */
export const batchMessageDetailSchema = batchMessageSchema.extend({
  recipients: z.array(batchRecipientSchema),
});
export type BatchMessageDetail = z.infer<typeof batchMessageDetailSchema>;
