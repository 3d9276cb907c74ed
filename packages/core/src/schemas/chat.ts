import { z } from 'zod';
import { CHAT_MESSAGE_MAX, MEDIA_MAX_BYTES } from '../constants.ts';
import { DIALOG_MEDIA_TYPES } from './bots.ts';
import { idSchema, queryListSchema, rowIdSchema } from './common.ts';
import { notificationSchema } from './notifications.ts';

// ---- rooms (dialogs) --------------------------------------------------------------------------

/** A chat room of a card (chat.md §3). Open while `closed_at` is null. */
export const dialogSchema = z.object({
  id: z.number().int(),
  closed_at: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  bot_id: z.number().int(),
  bot_name: z.string(),
  media_type: z.enum(DIALOG_MEDIA_TYPES),
  keep_bot_on_dialog: z.boolean(),
  opportunity: z.object({ id: z.number().int(), name: z.string() }),
  /** The contact's phone the room talks to (E.164 digits, no '+'). */
  phone_number: z.string(),
  last_message_at: z.string().nullable(),
  /** Inbound messages the attendants have not read yet. */
  unread_count: z.number().int(),
  created_at: z.string(),
});
export type Dialog = z.infer<typeof dialogSchema>;

// ---- messages ---------------------------------------------------------------------------------

export const MESSAGE_STATUSES = ['pending', 'sent', 'Delivered', 'Read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Who wrote a message: the contact, an attendant (user) or the bot. Only user and bot messages can be deleted. */
export const MESSAGE_SENDERS = ['contact', 'user', 'bot'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

export const messageFileSchema = z.object({ url: z.string(), mime: z.string(), name: z.string() });
export type MessageFile = z.infer<typeof messageFileSchema>;

const messageBaseSchema = z.object({
  id: z.number().int(),
  /** The channel's id of the message; deletion names it (chat.md §7). */
  remote_id: z.string().nullable(),
  dialog_id: z.number().int(),
  sent_at: z.string(),
  message: z.string().nullable(),
  header: z.string().nullable(),
  footer: z.string().nullable(),
  file: messageFileSchema.nullable(),
  sender: z.enum(MESSAGE_SENDERS),
  user_id: z.number().int().nullable(),
  user: z.object({ name: z.string() }).nullable(),
  bot_name: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  is_deleted: z.boolean(),
  error_message: z.string().nullable(),
});

/** A chat message (chat.md §3): its room travels along, and the message it replies to (one level). */
export const chatMessageSchema = messageBaseSchema.extend({
  dialog: z.object({
    id: z.number().int(),
    bot_name: z.string(),
    media_type: z.enum(DIALOG_MEDIA_TYPES),
    closed_at: z.string().nullable(),
    opportunity_id: z.number().int(),
  }),
  parent: messageBaseSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessagePageSchema = z.object({
  data: z.array(chatMessageSchema),
  pagination: z.object({ total_count: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

/** A file as the browser sends it: one call per file (chat.md §4, §7). */
export const outgoingFileSchema = z.strictObject({
  name: z.string().trim().min(1).max(255),
  /** Base64 of the bytes, optionally as a data: URL. The server checks size and real type. */
  base64File: z
    .string()
    .min(1)
    .max(Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 200),
});

/** POST /dialogs/{did}/messages (chat.md §7). A message needs a text or a file. */
export const sendMessageBodySchema = z.strictObject({
  dialog_id: rowIdSchema,
  message_object: z.strictObject({
    message: z.string().max(CHAT_MESSAGE_MAX).optional(),
    timestamp: z.number().optional(),
    file: outgoingFileSchema.optional(),
    /** The message this one answers (its id). */
    parent_id: rowIdSchema.optional(),
  }),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

// ---- templates (WhatsApp message templates) -----------------------------------------------------

export const TEMPLATE_HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const TEMPLATE_BUTTON_TYPES = ['COPY_CODE', 'QUICK_REPLY', 'URL', 'PHONE_NUMBER'] as const;

export const templateButtonSchema = z.object({
  type: z.enum(TEMPLATE_BUTTON_TYPES),
  text: z.string(),
  url: z.string().optional(),
  phone_number: z.string().optional(),
  example: z.array(z.string()).optional(),
});

/** One component of a template as the account defines it (HEADER, BODY, FOOTER, BUTTONS); variables are {{1}}, {{2}}… */
export const templateComponentSchema = z.object({
  type: z.enum(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']),
  format: z.enum(TEMPLATE_HEADER_FORMATS).optional(),
  text: z.string().optional(),
  buttons: z.array(templateButtonSchema).optional(),
  /** The sample values Meta reviews the variables with, as the Cloud API writes them. */
  example: z
    .object({
      header_text: z.array(z.string()).optional(),
      body_text: z.array(z.array(z.string())).optional(),
    })
    .optional(),
});
export type TemplateComponent = z.infer<typeof templateComponentSchema>;

/** A message template of a bot's account (chat.md §3). */
export const messageTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().nullable(),
  components: z.array(templateComponentSchema),
  bot_id: z.number().int(),
  bot_name: z.string(),
  /** Meta's reason code for a rejected (or paused) template, e.g. INVALID_FORMAT; null otherwise. */
  rejected_reason: z.string().nullable(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** A parameter filled in for a send: text, a file for a media header, or a coupon for a copy-code button. */
export const templateParameterSchema = z.union([
  z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(1024) }),
  z.strictObject({
    type: z.enum(['image', 'video', 'document']),
    file: outgoingFileSchema,
  }),
  z.strictObject({ type: z.literal('coupon_code'), coupon_code: z.string().min(1).max(15) }),
  z.strictObject({ type: z.literal('payload'), payload: z.string().min(1).max(128) }),
]);
export type TemplateParameter = z.infer<typeof templateParameterSchema>;

/** The assembled template the modal emits (chat.md §3, CHAT-066): components with their parameters. */
export const templateSendSchema = z.strictObject({
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(15),
  components: z.array(
    z.strictObject({
      type: z.enum(['header', 'body', 'footer', 'button']),
      sub_type: z.enum(['copy_code', 'quick_reply', 'url']).optional(),
      index: z.number().int().min(0).max(9).optional(),
      parameters: z.array(templateParameterSchema),
    }),
  ),
});
export type TemplateSend = z.infer<typeof templateSendSchema>;

// ---- opening and reopening rooms ---------------------------------------------------------------

/** POST /dialogs: open a room with a first message, or with a template (chat.md §7). */
export const openDialogBodySchema = z.strictObject({
  bot_id: rowIdSchema,
  bot_name: z.string().optional(),
  opportunity_id: rowIdSchema,
  message: z.string().max(CHAT_MESSAGE_MAX).optional(),
  keep_bot_on_dialog: z.boolean().default(false),
  media_type: z.enum(DIALOG_MEDIA_TYPES).optional(),
  /** The template's header and footer texts as the contact sees them, for the room's own record. */
  header: z.string().max(1024).optional(),
  footer: z.string().max(1024).optional(),
  template: templateSendSchema.optional(),
});
export type OpenDialogBody = z.infer<typeof openDialogBodySchema>;

/** POST /dialogs/{did}/open: reopen a closed room (chat.md §7). */
export const reopenDialogBodySchema = z.strictObject({
  dialog_id: rowIdSchema,
  opportunity_id: rowIdSchema,
});

export const dialogResponseSchema = z.object({ data: dialogSchema });

// ---- omnichannel (platform.md §3 "Omnichannel filter") -----------------------------------------

export const omnichannelQuerySchema = z.strictObject({
  start_timestamp: z.string().optional(),
  end_timestamp: z.string().optional(),
  user_id: queryListSchema(idSchema),
  sales_stage_id: queryListSchema(idSchema),
  dateType: z.enum(['last_message_at']).optional(),
  has_chat: z.enum(['true', 'false']).optional(),
  search: z.string().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A conversation of the omnichannel list: the room, its card and the last message. */
export const conversationSchema = dialogSchema.extend({
  sales_stage: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  last_message: z
    .object({
      message: z.string().nullable(),
      sender: z.enum(MESSAGE_SENDERS),
      file_mime: z.string().nullable(),
      sent_at: z.string(),
    })
    .nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

// ---- realtime (GET /workspaces/{id}/events) ------------------------------------------------------

/** What the workspace's event stream carries; the client invalidates the matching queries. */
export const REALTIME_EVENT_TYPES = [
  'message.created',
  'message.updated',
  'dialog.updated',
  'opportunity.created',
  'opportunity.updated',
  'notification.created',
  'call.updated',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

export const realtimeEventSchema = z.object({
  type: z.enum(REALTIME_EVENT_TYPES),
  dialog_id: z.number().int().optional(),
  opportunity_id: z.number().int().optional(),
  message_id: z.number().int().optional(),
  /** The call that changed (`call.updated`): who is on the phone, for a manager's screens. */
  call_id: z.number().int().optional(),
  /** The attendant the room belongs to, so a salesRep's client ignores rooms of others. */
  user_id: z.number().int().nullable().optional(),
  /** True for a new message from the contact: the client rings. */
  inbound: z.boolean().optional(),
  /** A notification for the one user whose streams carry it (`notification.created`). */
  notification: notificationSchema.optional(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** POST /events/ticket: a one-time pass for the stream, since a browser's EventSource cannot send a header. */
export const streamTicketSchema = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type StreamTicket = z.infer<typeof streamTicketSchema>;

export const streamQuerySchema = z.strictObject({ ticket: z.string().max(2048).optional() });

// ---- customer simulator (sandbox channel) --------------------------------------------------------

/** A message as the simulated phone shows it: the contact's own are `from_contact`. */
export const simulatorMessageSchema = z.object({
  id: z.number().int(),
  from_contact: z.boolean(),
  message: z.string().nullable(),
  file: messageFileSchema.nullable(),
  status: z.enum(MESSAGE_STATUSES),
  is_deleted: z.boolean(),
  sent_at: z.string(),
  author: z.string().nullable(),
});
export type SimulatorMessage = z.infer<typeof simulatorMessageSchema>;

/** POST /simulator/messages: the simulated contact writes to a sandbox bot. */
export const simulatorSendBodySchema = z.strictObject({
  bot_id: rowIdSchema,
  phone_number: z.string().trim().min(8).max(20),
  name: z.string().trim().max(120).optional(),
  message: z.string().max(CHAT_MESSAGE_MAX).optional(),
  file: outgoingFileSchema.optional(),
});
export type SimulatorSendBody = z.infer<typeof simulatorSendBodySchema>;

/** GET /simulator/conversations and POST /simulator/read: the simulated phone of a number on a sandbox bot. */
export const simulatorLineSchema = z.strictObject({
  bot_id: idSchema,
  phone_number: z.string().trim().min(8).max(20),
});
export type SimulatorLine = z.infer<typeof simulatorLineSchema>;

export const simulatorConversationSchema = z.object({ data: z.array(simulatorMessageSchema) });
export type SimulatorConversation = z.infer<typeof simulatorConversationSchema>;
