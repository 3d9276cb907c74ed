import { z } from 'zod';

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
