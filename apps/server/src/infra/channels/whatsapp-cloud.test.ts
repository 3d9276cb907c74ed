import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GraphApi, startGraphApi } from '../../../test/graph-api.ts';
import { type ChannelBot, ChannelError } from './channel-adapter.ts';
import { createWhatsappCloud, type WhatsappCloudApi } from './whatsapp-cloud.ts';

let graph: GraphApi;
let cloud: WhatsappCloudApi;
let bot: ChannelBot;

beforeAll(async () => {
  graph = await startGraphApi();
  cloud = createWhatsappCloud({ baseUrl: graph.baseUrl });
  bot = {
    id: 1,
    platformId: 1000,
    workspaceId: 1,
    name: 'Atendimento',
    channel: 'whatsapp_cloud',
    waPhoneNumberId: '106540352242922',
    waBusinessAccountId: '102290129340398',
    waAccessToken: graph.token,
  };
});
afterAll(() => graph.close());
beforeEach(() => {
  graph.requests.length = 0;
  graph.problems.length = 0;
});

const pdf = {
  name: 'proposta.pdf',
  mime: 'application/pdf',
  bytes: new TextEncoder().encode('%PDF-1.4 test'),
};
const png = { name: 'foto.png', mime: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) };
const lastSend = () => graph.requests.filter((r) => r.path.endsWith('/messages')).at(-1)?.body;

describe('WhatsApp Cloud API adapter', () => {
  it('CHAT-052 sends a text as the documented text message and keeps the returned wamid', async () => {
    const result = await cloud.send(bot, { to: '5511987654321', text: 'Olá, Maria!' });
    expect(result.remoteId).toMatch(/^wamid\./);
    expect(graph.problems).toEqual([]);
    expect(lastSend()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'text',
      text: { body: 'Olá, Maria!', preview_url: false },
    });
  });

  it('CHAT-052 a reply carries context.message_id of the message it answers', async () => {
    await cloud.send(bot, { to: '5511987654321', text: 'Sim', replyToRemoteId: 'wamid.ORIGINAL' });
    expect(graph.problems).toEqual([]);
    expect(lastSend()).toMatchObject({ context: { message_id: 'wamid.ORIGINAL' } });
  });

  it('CHAT-052 a file is uploaded to /{phone-number-id}/media and sent by its id; a document keeps its name', async () => {
    await cloud.send(bot, { to: '5511987654321', file: pdf, text: 'Segue a proposta' });
    expect(graph.problems).toEqual([]);
    const upload = graph.requests.find((r) => r.path === `/${bot.waPhoneNumberId}/media`);
    expect(upload?.body).toEqual({ messaging_product: 'whatsapp', type: 'application/pdf' });
    expect(lastSend()).toMatchObject({
      type: 'document',
      document: { id: 'media-1', filename: 'proposta.pdf', caption: 'Segue a proposta' },
    });

    await cloud.send(bot, { to: '5511987654321', file: png });
    expect(lastSend()).toMatchObject({ type: 'image', image: { id: expect.stringMatching(/^media-/) } });
    await cloud.send(bot, { to: '5511987654321', file: { ...png, name: 'a.ogg', mime: 'audio/ogg' } });
    expect(lastSend()).toMatchObject({ type: 'audio' });
    expect(graph.problems).toEqual([]);
  });

  it('CHAT-066 CHAT-068 a template maps header, body and button parameters to template.components', async () => {
    await cloud.send(bot, {
      to: '5511987654321',
      template: {
        name: 'lembrete_visita',
        language: 'pt_BR',
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Amanhã' }] },
          { type: 'footer', parameters: [] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Maria' },
              { type: 'text', text: '10/12 às 14h' },
            ],
          },
          {
            type: 'button',
            sub_type: 'url',
            index: 0,
            parameters: [{ type: 'text', text: 'escola-centro' }],
          },
          {
            type: 'button',
            sub_type: 'copy_code',
            index: 1,
            parameters: [{ type: 'coupon_code', coupon_code: 'MATRICULA10' }],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: 2,
            parameters: [{ type: 'payload', payload: 'SIM' }],
          },
        ],
      },
    });
    expect(graph.problems).toEqual([]);
    expect(lastSend()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'template',
      template: {
        name: 'lembrete_visita',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Amanhã' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Maria' },
              { type: 'text', text: '10/12 às 14h' },
            ],
          },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: 'escola-centro' }],
          },
          {
            type: 'button',
            sub_type: 'copy_code',
            index: '1',
            parameters: [{ type: 'coupon_code', coupon_code: 'MATRICULA10' }],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '2',
            parameters: [{ type: 'payload', payload: 'SIM' }],
          },
        ],
      },
    });
  });

  it('CHAT-069 a media header of a template is uploaded and named by its id', async () => {
    await cloud.send(bot, {
      to: '5511987654321',
      template: {
        name: 'catalogo',
        language: 'pt_BR',
        components: [
          {
            type: 'header',
            parameters: [{ type: 'document', file: { name: 'catalogo.pdf', base64File: 'JVBERi0=' } }],
          },
        ],
      },
      templateFiles: [{ ...pdf, name: 'catalogo.pdf' }],
    });
    expect(graph.problems).toEqual([]);
    expect(lastSend()).toMatchObject({
      template: {
        components: [
          {
            type: 'header',
            parameters: [
              { type: 'document', document: { id: expect.any(String), filename: 'catalogo.pdf' } },
            ],
          },
        ],
      },
    });
  });

  it("CHAT-050 outside the 24-hour window (131047) the error names 'WhatsApp Business' and keeps Meta's reason", async () => {
    graph.refusals.set('5511900000047', {
      code: 131047,
      message: 'Re-engagement message',
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    });
    const error = await cloud.send(bot, { to: '5511900000047', text: 'Oi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as Error).message).toContain('WhatsApp Business');
    expect((error as Error).message).toContain('24 horas');
    expect((error as Error).message).toContain('more than 24 hours have passed');
  });

  it('other Graph errors keep the reason and the code', async () => {
    graph.refusals.set('5511900000100', {
      code: 100,
      message: 'Invalid parameter',
      details: 'Parameter to is invalid',
    });
    const error = await cloud.send(bot, { to: '5511900000100', text: 'Oi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as Error).message).toMatch(/WhatsApp Business.*Parameter to is invalid.*código 100/);
  });

  it('a bot without number or token is refused before any call', async () => {
    const error = await cloud
      .send({ ...bot, waAccessToken: null }, { to: '5511987654321', text: 'x' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(graph.requests).toEqual([]);
  });

  it('CHAT-100 template sync reads every page by its cursor and keeps what the chat can fill', async () => {
    graph.templates = [
      {
        name: 'a',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Oi {{1}}' }],
      },
      {
        name: 'b',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['x'] } },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'COPY_CODE', example: 'CUPOM' },
              { type: 'FLOW', text: 'Abrir' },
            ],
          },
        ],
      },
      { name: 'c', language: 'en_US', status: 'PENDING', category: 'UTILITY', components: [] },
    ];
    const templates = await cloud.fetchTemplates(bot);
    expect(graph.problems).toEqual([]);
    const calls = graph.requests.filter((r) => r.path === `/${bot.waBusinessAccountId}/message_templates`);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.query.get('after')).toBe('2');
    expect(templates.map((t) => t.name)).toEqual(['a', 'b', 'c']);
    expect(templates[1]?.components).toEqual([
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', text: '', example: ['CUPOM'] }] },
    ]);
  });

  it('media download asks GET /{media-id} for the URL, then fetches it with the bearer token', async () => {
    graph.media.set('1234567890', { bytes: Buffer.from('OggS audio'), mime: 'audio/ogg' });
    const file = await cloud.downloadMedia(bot, '1234567890');
    expect(graph.problems).toEqual([]);
    expect(Buffer.from(file.bytes).toString()).toBe('OggS audio');
    expect(file.mime).toBe('audio/ogg');
    expect(graph.requests.map((r) => r.path)).toEqual(['/1234567890', '/download/1234567890']);
  });
});
