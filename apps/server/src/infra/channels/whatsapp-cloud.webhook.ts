import { createHmac, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import type { InboundEvent } from './channel-adapter.ts';

/**
 * X-Hub-Signature-256 is `sha256=` and the HMAC-SHA256 of the raw body with the app secret. Compared in
 * constant time; anything missing or malformed is refused.
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string | null,
): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `hub.challenge` when the subscription request carries the bot's verify token; null otherwise. */
export function verifySubscription(
  query: Record<string, unknown>,
  verifyToken: string | null,
): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
  if (!verifyToken) return null;
  const a = Buffer.from(token);
  const b = Buffer.from(verifyToken);
  return a.length === b.length && timingSafeEqual(a, b) ? challenge : null;
}

/** A contact's file as the webhook announces it: fetched later from the Graph API by its id. */
export interface InboundMedia {
  id: string;
  mime: string;
  name: string;
}

/** An inbound event before its media is downloaded. */
export type ParsedEvent =
  | (Omit<Extract<InboundEvent, { kind: 'message' }>, 'file'> & { media?: InboundMedia })
  | Extract<InboundEvent, { kind: 'status' }>;

interface WebhookMessage {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  context?: { id?: string };
  button?: { text?: string; payload?: string };
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
  };
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  [media: string]: unknown;
}

interface WebhookStatus {
  id?: string;
  status?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

interface WebhookValue {
  metadata?: { phone_number_id?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: WebhookMessage[];
  statuses?: WebhookStatus[];
}

const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'] as const;
const STATUSES: Record<string, Extract<InboundEvent, { kind: 'status' }>['status']> = {
  sent: 'sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'failed',
};
const EXTENSIONS: Record<string, string> = {
  image: 'jpg',
  audio: 'ogg',
  video: 'mp4',
  document: 'pdf',
  sticker: 'webp',
};

/** Meta's verdict on a template of the account (the `message_template_status_update` field). */
export interface TemplateStatusUpdate {
  metaId: string | null;
  name: string | null;
  language: string | null;
  status: string;
  /** The rejection reason code, or the title Meta gives a pause; null when Meta says NONE. */
  reason: string | null;
}

interface TemplateStatusValue {
  event?: string;
  message_template_id?: number | string;
  message_template_name?: string;
  message_template_language?: string;
  reason?: string | null;
  other_info?: { title?: string };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The template status changes of one webhook call: `entry[].changes[]` whose field is
 * `message_template_status_update`, each `value` naming the template by id, name and language.
 */
export function parseTemplateStatusUpdates(payload: unknown): TemplateStatusUpdate[] {
  const updates: TemplateStatusUpdate[] = [];
  for (const entry of arrayOf((payload as { entry?: unknown })?.entry)) {
    for (const change of arrayOf<{ field?: unknown; value?: TemplateStatusValue }>(
      (entry as { changes?: unknown })?.changes,
    )) {
      if (change?.field !== 'message_template_status_update') continue;
      const value = change.value;
      const status = text(value?.event);
      if (!value || !status) continue;
      const id = value.message_template_id;
      const reason = text(value.reason);
      updates.push({
        metaId: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
        name: text(value.message_template_name),
        language: text(value.message_template_language),
        status,
        reason: reason && reason !== 'NONE' ? reason : text(value.other_info?.title),
      });
    }
  }
  return updates;
}

/**
 * The events of one webhook call for the bot's phone number: `entry[].changes[].value.messages[]` and
 * `.statuses[]`. Changes of other numbers and kinds the chat does not take (reactions, system notices) are
 * left out.
 */
export function parseWebhook(payload: unknown, phoneNumberId: string | null): ParsedEvent[] {
  const events: ParsedEvent[] = [];
  for (const entry of arrayOf((payload as { entry?: unknown })?.entry)) {
    for (const change of arrayOf((entry as { changes?: unknown })?.changes)) {
      const value = (change as { value?: WebhookValue })?.value;
      if (!value || typeof value !== 'object') continue;
      const number = value.metadata?.phone_number_id;
      if (phoneNumberId && number && number !== phoneNumberId) continue;
      const names = new Map(
        arrayOf<NonNullable<WebhookValue['contacts']>[number]>(value.contacts).map((c) => [
          c?.wa_id,
          c?.profile?.name,
        ]),
      );
      for (const message of arrayOf<WebhookMessage>(value.messages)) {
        const event = parseMessage(message, names);
        if (event) events.push(event);
      }
      for (const status of arrayOf<WebhookStatus>(value.statuses)) {
        const event = parseStatus(status);
        if (event) events.push(event);
      }
    }
  }
  return events;
}

function parseMessage(message: WebhookMessage, names: Map<unknown, string | undefined>): ParsedEvent | null {
  if (!message?.id || !message.from) return null;
  const content = contentOf(message);
  if (!content) return null;
  const contactName = names.get(message.from);
  return {
    kind: 'message',
    remoteId: message.id,
    from: message.from,
    ...(contactName ? { contactName } : {}),
    sentAt: sentAt(message.timestamp),
    ...content,
    ...(message.context?.id ? { replyToRemoteId: message.context.id } : {}),
  };
}

function contentOf(message: WebhookMessage): { text?: string; media?: InboundMedia } | null {
  const type = message.type ?? '';
  if (type === 'text') return message.text?.body ? { text: message.text.body } : null;
  if (type === 'button') return textOf(message.button?.text ?? message.button?.payload);
  if (type === 'interactive') {
    const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
    return textOf(reply?.title ?? reply?.id);
  }
  if (type === 'location' && message.location) {
    const { latitude, longitude, name, address } = message.location;
    const place = [name, address].filter(Boolean).join(' - ');
    return { text: `📍 ${place ? `${place} ` : ''}(${latitude}, ${longitude})` };
  }
  if ((MEDIA_TYPES as readonly string[]).includes(type)) return mediaContent(type, message[type]);
  return null;
}

function mediaContent(type: string, raw: unknown): { text?: string; media: InboundMedia } | null {
  const media = raw as { id?: string; mime_type?: string; filename?: string; caption?: string } | undefined;
  if (!media?.id) return null;
  const mime = (media.mime_type ?? '').split(';')[0]?.trim() || 'application/octet-stream';
  return {
    ...(media.caption ? { text: media.caption } : {}),
    media: { id: media.id, mime, name: media.filename || `${type}-${media.id}.${EXTENSIONS[type] ?? 'bin'}` },
  };
}

const textOf = (text: string | undefined) => (text ? { text } : null);

function parseStatus(status: WebhookStatus): ParsedEvent | null {
  const mapped = status?.status ? STATUSES[status.status] : undefined;
  if (!status?.id || !mapped) return null;
  const error = arrayOf<NonNullable<WebhookStatus['errors']>[number]>(status.errors)[0];
  const reason = error
    ? [error.title, error.error_data?.details ?? error.message].filter(Boolean).join(': ')
    : '';
  return {
    kind: 'status',
    remoteId: status.id,
    status: mapped,
    ...(mapped === 'failed' ? { error: MESSAGES.whatsappDeliveryFailed(reason || mapped) } : {}),
  };
}

function sentAt(timestamp: string | undefined): Date {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

function arrayOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
