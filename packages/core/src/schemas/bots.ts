import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/**
 * How a bot reaches contacts. `sandbox` is built in (the customer simulator plays the contact's phone, as a
 * WhatsApp linked by QR code would); `whatsapp_cloud` is the WhatsApp Cloud API of a Business account.
 */
export const BOT_CHANNELS = ['sandbox', 'whatsapp_cloud'] as const;
export type BotChannel = (typeof BOT_CHANNELS)[number];

/** The room's media type, as the chat shows and rules it (chat.md §3, §5). */
export const DIALOG_MEDIA_TYPES = ['WhatsappQrcode', 'WhatsappWaba'] as const;
export type DialogMediaType = (typeof DIALOG_MEDIA_TYPES)[number];

export const MEDIA_TYPE_OF_CHANNEL: Record<BotChannel, DialogMediaType> = {
  sandbox: 'WhatsappQrcode',
  whatsapp_cloud: 'WhatsappWaba',
};

/** A keyword the bot answers by itself while it stays in the room. */
export const botKeywordReplySchema = z.strictObject({
  keyword: z.string().trim().min(1).max(60),
  reply: z.string().trim().min(1).max(4000),
});
export type BotKeywordReply = z.infer<typeof botKeywordReplySchema>;

/** A bot as the chat lists it (chat.md §3). */
export const botSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.enum(BOT_CHANNELS),
  media_type: z.enum(DIALOG_MEDIA_TYPES),
  is_whatsapp_business_connected: z.boolean(),
  is_whatsapp_qr_code_connected: z.boolean(),
  keep_bot_on_dialog: z.boolean(),
});
export type Bot = z.infer<typeof botSchema>;

/**
 * A bot as its admin screen ('Funcionários digitais') shows it. The Cloud API secrets are write-only:
 * the answer only says whether each one is set.
 */
export const digitalEmployeeSchema = botSchema.extend({
  active: z.boolean(),
  greeting: z.string().nullable(),
  keyword_replies: z.array(botKeywordReplySchema),
  whatsapp: z
    .object({
      phone_number_id: z.string().nullable(),
      business_account_id: z.string().nullable(),
      has_access_token: z.boolean(),
      has_app_secret: z.boolean(),
      has_verify_token: z.boolean(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DigitalEmployee = z.infer<typeof digitalEmployeeSchema>;

const secret = z.string().trim().max(1000);

/**
 * The Cloud API account of a digital employee. Secrets are write-only: omitted keeps the stored one, an empty
 * string clears it.
 */
export const digitalEmployeeWhatsappInputSchema = z.strictObject({
  phone_number_id: z.string().trim().max(64).optional(),
  business_account_id: z.string().trim().max(64).optional(),
  access_token: secret.optional(),
  app_secret: secret.optional(),
  verify_token: secret.optional(),
});

/** POST /digital-employees. Channel rules (a Cloud API bot needs its number id and token) are the server's. */
export const digitalEmployeeCreateSchema = z.strictObject({
  name: z.string().trim().min(1, MESSAGES.digitalEmployeeNameRequired).max(120),
  channel: z.enum(BOT_CHANNELS),
  active: z.boolean().default(true),
  keep_bot_on_dialog: z.boolean().default(false),
  greeting: z.string().trim().max(4000).nullable().optional(),
  keyword_replies: z.array(botKeywordReplySchema).max(50).default([]),
  whatsapp: digitalEmployeeWhatsappInputSchema.optional(),
});
export type DigitalEmployeeCreate = z.infer<typeof digitalEmployeeCreateSchema>;
export type DigitalEmployeeCreateInput = z.input<typeof digitalEmployeeCreateSchema>;

/** PUT /digital-employees/{id}: what is omitted stays as it is. */
export const digitalEmployeeUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, MESSAGES.digitalEmployeeNameRequired).max(120).optional(),
  channel: z.enum(BOT_CHANNELS).optional(),
  active: z.boolean().optional(),
  keep_bot_on_dialog: z.boolean().optional(),
  greeting: z.string().trim().max(4000).nullable().optional(),
  keyword_replies: z.array(botKeywordReplySchema).max(50).optional(),
  whatsapp: digitalEmployeeWhatsappInputSchema.optional(),
});
export type DigitalEmployeeUpdate = z.infer<typeof digitalEmployeeUpdateSchema>;

export const digitalEmployeeQuerySchema = z.strictObject({
  search: z.string().trim().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** DELETE answers what happened: a bot with rooms is deactivated, not deleted. */
export const digitalEmployeeDeletedSchema = z.object({ message: z.string(), deactivated: z.boolean() });

/** GET /bots/{bid}/meta-templates: approved ones only, unless `all=true`. */
export const metaTemplatesQuerySchema = z.strictObject({
  all: z.enum(['true', 'false']).optional(),
});

/** GET /bots/{bid}/meta-templates/{name}: the first language unless one is named. */
export const metaTemplateQuerySchema = z.strictObject({
  language: z.string().trim().min(2).max(15).optional(),
});
