import { MEDIA_MAX_BYTES } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import type { TemplateComponent, TemplateParameter, TemplateSend } from '@vendaval/core/schemas/chat';
import {
  type ChannelAdapter,
  type ChannelBot,
  ChannelError,
  type OutboundFile,
  type OutboundMessage,
  type SendResult,
} from './channel-adapter.ts';

/** A template as the Cloud API lists it for a WhatsApp Business account. */
export interface CloudTemplate {
  name: string;
  language: string;
  status: string;
  category: string | null;
  components: TemplateComponent[];
  metaId: string | null;
  rejectedReason: string | null;
}

/** A template to submit for Meta's review, in the components it will be listed with. */
export interface CloudTemplateDraft {
  name: string;
  language: string;
  category: string;
  components: TemplateComponent[];
}

/** A file the contact sent, fetched from the Graph API. */
export interface DownloadedMedia {
  bytes: Uint8Array;
  mime: string;
}

export interface WhatsappCloudApi extends ChannelAdapter {
  fetchTemplates(bot: ChannelBot): Promise<CloudTemplate[]>;
  /** POST /{waba-id}/message_templates: Meta answers the template's id and its first status (usually PENDING). */
  createTemplate(
    bot: ChannelBot,
    draft: CloudTemplateDraft,
  ): Promise<{ id: string; status: string; category: string | null }>;
  downloadMedia(bot: ChannelBot, mediaId: string): Promise<DownloadedMedia>;
}

interface GraphError {
  error?: {
    message?: string;
    code?: number;
    error_subcode?: number;
    error_user_msg?: string;
    error_data?: { details?: string };
  };
}

/** 131047: more than 24 hours since the contact last wrote; only a template may reopen the conversation. */
const REENGAGEMENT = 131047;
const TEMPLATE_PAGE = 100;
const REQUEST_TIMEOUT_MS = 20_000;

type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

/** The Cloud API's media kind of a file: WhatsApp stickers are webp, images are JPEG or PNG. */
export function mediaKindOf(mime: string): MediaKind {
  if (mime === 'image/webp') return 'sticker';
  if (mime === 'image/jpeg' || mime === 'image/png') return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

/** The provider's reason, in pt-BR for the attendant, keeping Meta's words and code. */
export function graphErrorMessage(status: number, body: GraphError): string {
  const error = body.error ?? {};
  const reason = error.error_data?.details || error.error_user_msg || error.message || `HTTP ${status}`;
  if (error.code === REENGAGEMENT) return MESSAGES.whatsappWindowClosed(reason);
  return MESSAGES.whatsappRefused(reason, error.code ?? status);
}

/** The WhatsApp Cloud API (Graph API) as a chat channel, plus template sync and media download. */
export function createWhatsappCloud(options: { baseUrl: string }): WhatsappCloudApi {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function graph<T>(bot: ChannelBot, path: string, init: RequestInit = {}): Promise<T> {
    const response = await call(bot, `${base}/${path}`, init);
    const body = (await response.json().catch(() => ({}))) as T & GraphError;
    if (!response.ok || body.error) throw new ChannelError(graphErrorMessage(response.status, body));
    return body;
  }

  async function call(bot: ChannelBot, url: string, init: RequestInit): Promise<Response> {
    if (!bot.waAccessToken || !bot.waPhoneNumberId) throw new ChannelError(MESSAGES.whatsappNotConfigured);
    try {
      return await fetch(url, {
        ...init,
        headers: { authorization: `Bearer ${bot.waAccessToken}`, ...init.headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new ChannelError(MESSAGES.whatsappUnreachable);
    }
  }

  async function upload(bot: ChannelBot, file: OutboundFile): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mime);
    form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
    const answer = await graph<{ id: string }>(bot, `${bot.waPhoneNumberId}/media`, {
      method: 'POST',
      body: form,
    });
    return answer.id;
  }

  async function mediaObject(bot: ChannelBot, file: OutboundFile, caption?: string) {
    const kind = mediaKindOf(file.mime);
    const id = await upload(bot, file);
    const object: Record<string, string> = { id };
    if (caption && (kind === 'image' || kind === 'video' || kind === 'document')) object.caption = caption;
    if (kind === 'document') object.filename = file.name;
    return { type: kind, [kind]: object };
  }

  async function payloadOf(bot: ChannelBot, message: OutboundMessage): Promise<Record<string, unknown>> {
    if (message.template) {
      return {
        type: 'template',
        template: await templateObject(message.template, message.templateFiles ?? [], (f) => upload(bot, f)),
      };
    }
    if (message.file) return mediaObject(bot, message.file, message.text);
    return { type: 'text', text: { body: message.text ?? '', preview_url: false } };
  }

  return {
    channel: 'whatsapp_cloud',

    async send(bot, message): Promise<SendResult> {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to,
        ...(message.replyToRemoteId ? { context: { message_id: message.replyToRemoteId } } : {}),
        ...(await payloadOf(bot, message)),
      };
      const answer = await graph<{ messages?: { id: string }[] }>(bot, `${bot.waPhoneNumberId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const remoteId = answer.messages?.[0]?.id;
      if (!remoteId) throw new ChannelError(MESSAGES.whatsappRefused('sem id da mensagem', 0));
      return { remoteId };
    },

    async fetchTemplates(bot) {
      if (!bot.waBusinessAccountId) throw new ChannelError(MESSAGES.whatsappNoBusinessAccount);
      const templates: CloudTemplate[] = [];
      let after: string | undefined;
      // Pages are followed by their cursor on our base URL, never by the `next` link the answer carries.
      do {
        const query = new URLSearchParams({
          limit: String(TEMPLATE_PAGE),
          fields: 'id,name,language,status,category,components,rejected_reason',
        });
        if (after) query.set('after', after);
        const page = await graph<GraphTemplatePage>(
          bot,
          `${encodeURIComponent(bot.waBusinessAccountId)}/message_templates?${query}`,
        );
        templates.push(...(page.data ?? []).map(toCloudTemplate));
        after = page.paging?.next ? page.paging.cursors?.after : undefined;
      } while (after);
      return templates;
    },

    async createTemplate(bot, draft) {
      if (!bot.waBusinessAccountId) throw new ChannelError(MESSAGES.whatsappNoBusinessAccount);
      const answer = await graph<{ id?: string; status?: string; category?: string }>(
        bot,
        `${encodeURIComponent(bot.waBusinessAccountId)}/message_templates`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: draft.name,
            language: draft.language,
            category: draft.category,
            components: draft.components.map(toGraphComponent),
          }),
        },
      );
      if (!answer.id) throw new ChannelError(MESSAGES.whatsappRefused('sem id do template', 0));
      return {
        id: answer.id,
        status: answer.status ?? 'PENDING',
        category: answer.category ?? draft.category,
      };
    },

    async downloadMedia(bot, mediaId) {
      const info = await graph<{ url?: string; mime_type?: string; file_size?: number }>(
        bot,
        encodeURIComponent(mediaId),
      );
      if (!info.url) throw new ChannelError(MESSAGES.whatsappRefused('mídia sem endereço', 0));
      if ((info.file_size ?? 0) > MEDIA_MAX_BYTES) throw new ChannelError(MESSAGES.whatsappMediaTooLarge);
      const response = await call(bot, info.url, {});
      if (!response.ok)
        throw new ChannelError(MESSAGES.whatsappRefused(`HTTP ${response.status}`, response.status));
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MEDIA_MAX_BYTES) throw new ChannelError(MESSAGES.whatsappMediaTooLarge);
      return {
        bytes,
        mime: info.mime_type ?? response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
  };
}

// ---- templates ---------------------------------------------------------------------------------------

/** Maps the send the modal assembled (core's TemplateSend) to the Cloud API's `template` object. */
export async function templateObject(
  template: TemplateSend,
  files: OutboundFile[],
  upload: (file: OutboundFile) => Promise<string>,
) {
  const queue = [...files];
  const components = [];
  for (const component of template.components) {
    // Footers take no variables, and a component without parameters is only noise the API refuses.
    if (component.type === 'footer' || component.parameters.length === 0) continue;
    const parameters = [];
    for (const parameter of component.parameters)
      parameters.push(await parameterOf(parameter, queue, upload));
    components.push({
      type: component.type,
      ...(component.type === 'button'
        ? { sub_type: component.sub_type ?? 'quick_reply', index: String(component.index ?? 0) }
        : {}),
      parameters,
    });
  }
  return { name: template.name, language: { code: template.language }, components };
}

async function parameterOf(
  parameter: TemplateParameter,
  files: OutboundFile[],
  upload: (file: OutboundFile) => Promise<string>,
) {
  switch (parameter.type) {
    case 'text':
      return { type: 'text', text: parameter.text };
    case 'coupon_code':
      return { type: 'coupon_code', coupon_code: parameter.coupon_code };
    case 'payload':
      return { type: 'payload', payload: parameter.payload };
    default: {
      const file = files.shift();
      if (!file) throw new ChannelError(MESSAGES.whatsappTemplateFileMissing);
      const media: Record<string, string> = { id: await upload(file) };
      if (parameter.type === 'document') media.filename = file.name;
      return { type: parameter.type, [parameter.type]: media };
    }
  }
}

interface GraphTemplatePage {
  data?: GraphTemplate[];
  paging?: { cursors?: { after?: string }; next?: string };
}

interface GraphTemplate {
  id?: string;
  name: string;
  language: string;
  status: string;
  category?: string;
  rejected_reason?: string;
  components?: {
    type: string;
    format?: string;
    text?: string;
    example?: { header_text?: string[]; body_text?: string[][] };
    buttons?: {
      type: string;
      text?: string;
      url?: string;
      phone_number?: string;
      example?: string[] | string;
    }[];
  }[];
}

const COMPONENT_TYPES = new Set(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);
const HEADER_FORMATS = new Set(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT']);
const BUTTON_TYPES = new Set(['COPY_CODE', 'QUICK_REPLY', 'URL', 'PHONE_NUMBER']);

/** Keeps what the chat can fill and show; other kinds (location headers, flows, catalogs) are left out. */
function toCloudTemplate(t: GraphTemplate): CloudTemplate {
  const components: TemplateComponent[] = [];
  for (const c of t.components ?? []) {
    if (!COMPONENT_TYPES.has(c.type)) continue;
    const component: TemplateComponent = { type: c.type as TemplateComponent['type'] };
    if (c.format && HEADER_FORMATS.has(c.format)) component.format = c.format as TemplateComponent['format'];
    if (c.text !== undefined) component.text = c.text;
    const example = textExamples(c.example);
    if (example) component.example = example;
    if (c.buttons) {
      component.buttons = c.buttons
        .filter((b) => BUTTON_TYPES.has(b.type))
        .map((b) => ({
          type: b.type as 'URL',
          text: b.text ?? '',
          ...(b.url ? { url: b.url } : {}),
          ...(b.phone_number ? { phone_number: b.phone_number } : {}),
          ...(b.example !== undefined ? { example: [b.example].flat() } : {}),
        }));
    }
    components.push(component);
  }
  return {
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category ?? null,
    components,
    metaId: t.id ?? null,
    rejectedReason: t.rejected_reason && t.rejected_reason !== 'NONE' ? t.rejected_reason : null,
  };
}

/** The sample values of a text header or body; media handles are Meta's upload references, not for showing. */
function textExamples(example: NonNullable<GraphTemplate['components']>[number]['example']) {
  if (!example) return undefined;
  const kept: NonNullable<TemplateComponent['example']> = {};
  if (Array.isArray(example.header_text)) kept.header_text = example.header_text.map(String);
  if (Array.isArray(example.body_text))
    kept.body_text = example.body_text.map((row) => [row].flat().map(String));
  return kept.header_text || kept.body_text ? kept : undefined;
}

/** A component as the create call takes it: a copy-code button has only its example code, as a string. */
function toGraphComponent(component: TemplateComponent) {
  if (!component.buttons) return component;
  return {
    ...component,
    buttons: component.buttons.map((button) =>
      button.type === 'COPY_CODE' ? { type: 'COPY_CODE', example: button.example?.[0] ?? '' } : button,
    ),
  };
}
