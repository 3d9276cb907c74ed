import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/** The events a webhook may subscribe to, as named in its deliveries. */
export const WEBHOOK_EVENTS = [
  'opportunity.created',
  'opportunity.updated',
  'opportunity.won',
  'opportunity.lost',
  'opportunity.transferred',
  'task.created',
  'task.updated',
  'task.completed',
  'task.deleted',
  'contract.created',
  'contract.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'opportunity.created': 'Oportunidade criada',
  'opportunity.updated': 'Oportunidade alterada',
  'opportunity.won': 'Oportunidade ganha',
  'opportunity.lost': 'Oportunidade perdida',
  'opportunity.transferred': 'Oportunidade transferida',
  'task.created': 'Tarefa criada',
  'task.updated': 'Tarefa alterada',
  'task.completed': 'Tarefa concluída',
  'task.deleted': 'Tarefa excluída',
  'contract.created': 'Matrícula gerada',
  'contract.updated': 'Pagamento da matrícula alterado',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-vendaval-signature';

const WEBHOOK_NAME_MAX = 120;
const WEBHOOK_URL_MAX = 2000;

const webhookFields = {
  name: z.string().trim().min(1, MESSAGES.webhookNameRequired).max(WEBHOOK_NAME_MAX),
  url: z.string().trim().min(1, MESSAGES.webhookUrlInvalid).max(WEBHOOK_URL_MAX),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, MESSAGES.webhookEventsRequired)
    .transform((events) => [...new Set(events)]),
  active: z.boolean(),
};

export const webhookCreateSchema = z.strictObject({
  ...webhookFields,
  active: webhookFields.active.default(true),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
/** What the form holds before the schema fills its defaults. */
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject(webhookFields).partial();
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** A webhook as answered: its signing secret is never part of it. */
export const webhookSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The one answer that carries the signing secret: creation and rotation. */
export const webhookSecretSchema = z.object({ id: z.number().int(), secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/** One attempt to deliver one event, newest first in the log. */
export const webhookLogSchema = z.object({
  id: z.number().int(),
  delivery_id: z.number().int(),
  event: z.enum(WEBHOOK_EVENTS),
  attempt: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  created_at: z.string(),
  delivery_status: z.enum(WEBHOOK_DELIVERY_STATUSES),
});
export type WebhookLog = z.infer<typeof webhookLogSchema>;
