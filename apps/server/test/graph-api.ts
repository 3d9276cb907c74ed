import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A stand-in for the Graph API of the WhatsApp Cloud API on 127.0.0.1: it checks every call against the
 * documented request shapes and answers as Meta does. A shape it does not accept answers 400 like Graph and
 * is kept in `problems`, so a test fails on any payload the real API would refuse.
 */
export interface GraphApi {
  baseUrl: string;
  token: string;
  requests: { method: string; path: string; query: URLSearchParams; body: unknown }[];
  problems: string[];
  /** Templates returned by GET /{waba-id}/message_templates, `pageSize` per page; a POST adds one, PENDING. */
  templates: unknown[];
  pageSize: number;
  /** Files served by GET /{media-id} and its download URL. */
  media: Map<string, { bytes: Buffer; mime: string }>;
  /** How long Meta takes to answer a message send, as a real network does (the call counts when it arrives). */
  sendDelayMs: number;
  /** A recipient whose messages Meta refuses with this Graph error. */
  refusals: Map<string, { code: number; message: string; details: string }>;
  close(): Promise<void>;
}

const parameterSchema = z.union([
  z.strictObject({ type: z.literal('text'), text: z.string().min(1) }),
  z.strictObject({ type: z.literal('coupon_code'), coupon_code: z.string().min(1).max(15) }),
  z.strictObject({ type: z.literal('payload'), payload: z.string().min(1) }),
  z.strictObject({ type: z.literal('image'), image: z.strictObject({ id: z.string() }) }),
  z.strictObject({ type: z.literal('video'), video: z.strictObject({ id: z.string() }) }),
  z.strictObject({
    type: z.literal('document'),
    document: z.strictObject({ id: z.string(), filename: z.string().optional() }),
  }),
]);

const mediaObject = z.union([
  z.strictObject({ id: z.string(), caption: z.string().optional(), filename: z.string().optional() }),
  z.strictObject({ link: z.url(), caption: z.string().optional(), filename: z.string().optional() }),
]);

/** POST /{phone-number-id}/messages, as documented for text, media, template and replies. */
export const sendSchema = z
  .strictObject({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.literal('individual'),
    to: z.string().regex(/^\d{8,15}$/),
    type: z.enum(['text', 'image', 'audio', 'video', 'document', 'sticker', 'template']),
    context: z.strictObject({ message_id: z.string().min(1) }).optional(),
    text: z
      .strictObject({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() })
      .optional(),
    image: mediaObject.optional(),
    audio: mediaObject.optional(),
    video: mediaObject.optional(),
    document: mediaObject.optional(),
    sticker: mediaObject.optional(),
    template: z
      .strictObject({
        name: z.string().min(1),
        language: z.strictObject({ code: z.string().min(2) }),
        components: z.array(
          z.strictObject({
            type: z.enum(['header', 'body', 'button']),
            sub_type: z.enum(['quick_reply', 'url', 'copy_code']).optional(),
            index: z.string().regex(/^\d$/).optional(),
            parameters: z.array(parameterSchema),
          }),
        ),
      })
      .optional(),
  })
  .refine((m) => m[m.type] !== undefined, 'the object named by type is missing')
  .refine(
    (m) =>
      !m.template || m.template.components.every((c) => (c.type === 'button') === (c.sub_type !== undefined)),
    'a button component needs sub_type and index; others have none',
  );

const variables = (text: string) => [...text.matchAll(/\{\{(\d+)\}\}/g)].length;

/** POST /{waba-id}/message_templates, as documented for text headers, bodies, footers and buttons. */
export const createTemplateSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z0-9_]{1,512}$/),
    language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/),
    category: z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']),
    components: z
      .array(
        z.discriminatedUnion('type', [
          z
            .strictObject({
              type: z.literal('HEADER'),
              format: z.literal('TEXT'),
              text: z.string().min(1).max(60),
              example: z.strictObject({ header_text: z.array(z.string().min(1)).length(1) }).optional(),
            })
            .refine((c) => variables(c.text) === (c.example ? 1 : 0), 'header example per variable'),
          z
            .strictObject({
              type: z.literal('BODY'),
              text: z.string().min(1).max(1024),
              example: z
                .strictObject({ body_text: z.array(z.array(z.string().min(1))).length(1) })
                .optional(),
            })
            .refine(
              (c) =>
                new Set(c.text.match(/\{\{\d+\}\}/g) ?? []).size === (c.example?.body_text[0]?.length ?? 0),
              'one body example per variable',
            ),
          z.strictObject({ type: z.literal('FOOTER'), text: z.string().min(1).max(60) }),
          z.strictObject({
            type: z.literal('BUTTONS'),
            buttons: z
              .array(
                z.discriminatedUnion('type', [
                  z.strictObject({ type: z.literal('QUICK_REPLY'), text: z.string().min(1).max(25) }),
                  z.strictObject({
                    type: z.literal('URL'),
                    text: z.string().min(1).max(25),
                    url: z.string().startsWith('https://'),
                    example: z.array(z.string().startsWith('https://')).length(1).optional(),
                  }),
                  z.strictObject({
                    type: z.literal('PHONE_NUMBER'),
                    text: z.string().min(1).max(25),
                    phone_number: z.string().regex(/^\d{8,20}$/),
                  }),
                  z.strictObject({ type: z.literal('COPY_CODE'), example: z.string().min(1).max(15) }),
                ]),
              )
              .min(1)
              .max(10),
          }),
        ]),
      )
      .min(1),
  })
  .refine((t) => t.components.filter((c) => c.type === 'BODY').length === 1, 'exactly one BODY');

export async function startGraphApi(options: { port?: number } = {}): Promise<GraphApi> {
  const api: GraphApi = {
    baseUrl: '',
    close: async () => {},
    token: 'EAAG-test-token',
    requests: [],
    problems: [],
    templates: [],
    pageSize: 2,
    media: new Map(),
    refusals: new Map(),
    sendDelayMs: 0,
  };
  let sent = 0;
  let uploaded = 0;
  let created = 0;
  let base = '';

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/v21\.0/, '');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const refuse = (problem: string) => {
      api.problems.push(`${req.method} ${path}: ${problem}`);
      answer(400, { error: { message: problem, type: 'OAuthException', code: 100, fbtrace_id: 'T' } });
    };
    if (req.headers.authorization !== `Bearer ${api.token}`) {
      api.problems.push(`${req.method} ${path}: no bearer token`);
      return answer(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
    }
    const raw = await readBody(req);
    let body: unknown = null;

    const media = path.match(/^\/(\d+)\/media$/);
    if (req.method === 'POST' && media) {
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(raw),
      })
        .formData()
        .catch(() => null);
      const file = form?.get('file');
      body = form && { messaging_product: form.get('messaging_product'), type: form.get('type') };
      api.requests.push({ method: 'POST', path, query: url.searchParams, body });
      if (form?.get('messaging_product') !== 'whatsapp') return refuse('messaging_product must be whatsapp');
      if (typeof form.get('type') !== 'string') return refuse('type (the MIME type) is required');
      if (!(file instanceof File) || file.size === 0) return refuse('file is required');
      uploaded += 1;
      return answer(200, { id: `media-${uploaded}` });
    }

    if (raw.length) body = JSON.parse(raw.toString('utf8'));
    api.requests.push({ method: req.method ?? '', path, query: url.searchParams, body });

    if (req.method === 'POST' && /^\/\d+\/messages$/.test(path)) {
      const check = sendSchema.safeParse(body);
      if (!check.success) return refuse(check.error.message);
      const refusal = api.refusals.get(check.data.to);
      if (refusal) {
        return answer(400, {
          error: {
            message: refusal.message,
            type: 'OAuthException',
            code: refusal.code,
            error_data: { messaging_product: 'whatsapp', details: refusal.details },
            fbtrace_id: 'T',
          },
        });
      }
      sent += 1;
      const id = `wamid.TEST${sent}`;
      if (api.sendDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, api.sendDelayMs));
      return answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: check.data.to, wa_id: check.data.to }],
        messages: [{ id }],
      });
    }

    const templates = path.match(/^\/(\d+)\/message_templates$/);
    if (req.method === 'POST' && templates) {
      const check = createTemplateSchema.safeParse(body);
      if (!check.success) return refuse(check.error.message);
      const { name, language, category } = check.data;
      const taken = (api.templates as { name?: string; language?: string }[]).some(
        (t) => t.name === name && t.language === language,
      );
      if (taken) {
        // Meta's answer to a second template of the same name and language.
        return answer(400, {
          error: {
            message: 'Invalid parameter',
            type: 'OAuthException',
            code: 100,
            error_subcode: 2388024,
            error_user_msg: `There is already ${language} content for this template. You can create a new template and try again.`,
            fbtrace_id: 'T',
          },
        });
      }
      created += 1;
      const id = `${9_000_000_000 + created}`;
      api.templates.push({ id, status: 'PENDING', ...check.data });
      return answer(200, { id, status: 'PENDING', category });
    }
    if (req.method === 'GET' && templates) {
      const limit = Number(url.searchParams.get('limit'));
      if (!Number.isInteger(limit) || limit < 1) return refuse('limit is required');
      const start = Number(url.searchParams.get('after') ?? 0);
      const data = api.templates.slice(start, start + api.pageSize);
      const next = start + api.pageSize < api.templates.length ? String(start + api.pageSize) : undefined;
      return answer(200, {
        data,
        paging: {
          cursors: { before: String(start), after: next ?? String(start) },
          ...(next ? { next: `https://graph.facebook.com/v21.0${path}?after=${next}` } : {}),
        },
      });
    }

    const download = path.match(/^\/download\/(.+)$/);
    if (req.method === 'GET' && download) {
      const file = api.media.get(download[1] ?? '');
      if (!file) return answer(404, { error: { message: 'not found', code: 100 } });
      res.writeHead(200, { 'content-type': file.mime });
      return res.end(file.bytes);
    }

    const mediaInfo = path.match(/^\/([\w.-]+)$/);
    if (req.method === 'GET' && mediaInfo) {
      const id = mediaInfo[1] ?? '';
      const file = api.media.get(id);
      if (!file) return answer(400, { error: { message: 'Unsupported get request.', code: 100 } });
      return answer(200, {
        messaging_product: 'whatsapp',
        url: `${base}/download/${id}`,
        mime_type: file.mime,
        sha256: 'x',
        file_size: file.bytes.length,
        id,
      });
    }

    return refuse('unknown endpoint');
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}/v21.0`;
  api.baseUrl = base;
  api.close = () => new Promise((resolve) => server.close(() => resolve()));
  return api;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The phone number id the tests' Cloud API bots use. */
export const PHONE_ID = '106540352242922';

/** A webhook call as Meta sends it for the messages field. */
export function webhookPayload(value: Record<string, unknown>, phoneNumberId = PHONE_ID) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}
