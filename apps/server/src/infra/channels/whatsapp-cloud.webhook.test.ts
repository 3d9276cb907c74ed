import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PHONE_ID, webhookPayload } from '../../../test/graph-api.ts';
import { parseWebhook, verifySignature, verifySubscription } from './whatsapp-cloud.webhook.ts';

const sign = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('X-Hub-Signature-256', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account"}');

  it('accepts the HMAC-SHA256 of the raw body with the app secret', () => {
    expect(verifySignature(body, sign(body.toString(), 'app-secret'), 'app-secret')).toBe(true);
  });

  it('refuses a wrong secret, a tampered body, a missing or malformed header and a bot without secret', () => {
    expect(verifySignature(body, sign(body.toString(), 'other'), 'app-secret')).toBe(false);
    expect(verifySignature(Buffer.from(`${body} `), sign(body.toString(), 'app-secret'), 'app-secret')).toBe(
      false,
    );
    expect(verifySignature(body, undefined, 'app-secret')).toBe(false);
    expect(verifySignature(body, 'sha256=zz', 'app-secret')).toBe(false);
    expect(verifySignature(body, sign(body.toString(), 'app-secret').slice(7), 'app-secret')).toBe(false);
    expect(verifySignature(body, sign(body.toString(), ''), null)).toBe(false);
  });
});

describe('webhook subscription', () => {
  const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'meu-token', 'hub.challenge': '1158201444' };

  it('answers the challenge to the right verify token only', () => {
    expect(verifySubscription(query, 'meu-token')).toBe('1158201444');
    expect(verifySubscription(query, 'outro')).toBeNull();
    expect(verifySubscription({ ...query, 'hub.mode': 'unsubscribe' }, 'meu-token')).toBeNull();
    expect(verifySubscription(query, null)).toBeNull();
  });
});

describe('webhook parsing', () => {
  const contacts = [{ profile: { name: 'Maria Souza' }, wa_id: '5511987654321' }];
  const base = { from: '5511987654321', timestamp: '1732350000' };

  it('CHAT-052 text, replies with context.id, media with captions, buttons and interactive replies', () => {
    const events = parseWebhook(
      webhookPayload({
        contacts,
        messages: [
          { ...base, id: 'wamid.1', type: 'text', text: { body: 'Oi, quero saber do curso' } },
          {
            ...base,
            id: 'wamid.2',
            type: 'text',
            text: { body: 'Esse aqui' },
            context: { from: '1555', id: 'wamid.OUT' },
          },
          {
            ...base,
            id: 'wamid.3',
            type: 'image',
            image: { id: 'm1', mime_type: 'image/jpeg', sha256: 'x', caption: 'Foto' },
          },
          {
            ...base,
            id: 'wamid.4',
            type: 'audio',
            audio: { id: 'm2', mime_type: 'audio/ogg; codecs=opus', voice: true },
          },
          {
            ...base,
            id: 'wamid.5',
            type: 'document',
            document: { id: 'm3', mime_type: 'application/pdf', filename: 'rg.pdf' },
          },
          {
            ...base,
            id: 'wamid.6',
            type: 'sticker',
            sticker: { id: 'm4', mime_type: 'image/webp', animated: false },
          },
          { ...base, id: 'wamid.7', type: 'video', video: { id: 'm5', mime_type: 'video/mp4' } },
          { ...base, id: 'wamid.8', type: 'button', button: { text: 'Quero visitar', payload: 'VISITA' } },
          {
            ...base,
            id: 'wamid.9',
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'sim', title: 'Sim' } },
          },
          { ...base, id: 'wamid.10', type: 'reaction', reaction: { message_id: 'wamid.OUT', emoji: '👍' } },
        ],
      }),
      PHONE_ID,
    );
    expect(events.map((e) => e.remoteId)).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((n) => `wamid.${n}`),
    );
    expect(events[0]).toEqual({
      kind: 'message',
      remoteId: 'wamid.1',
      from: '5511987654321',
      contactName: 'Maria Souza',
      sentAt: new Date(1732350000 * 1000),
      text: 'Oi, quero saber do curso',
    });
    expect(events[1]).toMatchObject({ text: 'Esse aqui', replyToRemoteId: 'wamid.OUT' });
    expect(events[2]).toMatchObject({ text: 'Foto', media: { id: 'm1', mime: 'image/jpeg' } });
    expect(events[3]).toMatchObject({ media: { id: 'm2', mime: 'audio/ogg', name: 'audio-m2.ogg' } });
    expect(events[4]).toMatchObject({ media: { id: 'm3', mime: 'application/pdf', name: 'rg.pdf' } });
    expect(events[5]).toMatchObject({ media: { mime: 'image/webp' } });
    expect(events[6]).toMatchObject({ media: { mime: 'video/mp4' } });
    expect(events[7]).toMatchObject({ text: 'Quero visitar' });
    expect(events[8]).toMatchObject({ text: 'Sim' });
  });

  it('statuses: sent, delivered, read and failed with the reason Meta gives', () => {
    const events = parseWebhook(
      webhookPayload({
        statuses: [
          { id: 'wamid.A', status: 'sent', timestamp: '1', recipient_id: '5511987654321' },
          { id: 'wamid.A', status: 'delivered', timestamp: '2', recipient_id: '5511987654321' },
          { id: 'wamid.A', status: 'read', timestamp: '3', recipient_id: '5511987654321' },
          {
            id: 'wamid.B',
            status: 'failed',
            timestamp: '4',
            recipient_id: '5511987654321',
            errors: [
              {
                code: 131047,
                title: 'Re-engagement message',
                message: 'Re-engagement message',
                error_data: { details: 'More than 24 hours have passed since the recipient last replied.' },
              },
            ],
          },
        ],
      }),
      PHONE_ID,
    );
    expect(events).toEqual([
      { kind: 'status', remoteId: 'wamid.A', status: 'sent' },
      { kind: 'status', remoteId: 'wamid.A', status: 'Delivered' },
      { kind: 'status', remoteId: 'wamid.A', status: 'Read' },
      {
        kind: 'status',
        remoteId: 'wamid.B',
        status: 'failed',
        error: expect.stringMatching(/WhatsApp Business.*Re-engagement message.*More than 24 hours/),
      },
    ]);
  });

  it("leaves out another number's changes and anything malformed", () => {
    const other = webhookPayload(
      { messages: [{ ...base, id: 'x', type: 'text', text: { body: 'oi' } }] },
      '999',
    );
    expect(parseWebhook(other, PHONE_ID)).toEqual([]);
    expect(parseWebhook(null, PHONE_ID)).toEqual([]);
    expect(parseWebhook({ entry: 'x' }, PHONE_ID)).toEqual([]);
    expect(
      parseWebhook({ entry: [{ changes: [{ value: { messages: [{ type: 'text' }] } }] }] }, PHONE_ID),
    ).toEqual([]);
  });
});
