import { SANDBOX_BOT } from '@vendaval/core/messages';
import { describe, expect, it } from 'vitest';
import { isValidFileSignature, signedFilePath } from './chat.files.ts';
import { keywordReply, nextStatus } from './chat.rules.ts';

const replies = SANDBOX_BOT.keywordReplies.map((r) => ({ ...r }));
const mac = (data: string) => `mac(${data})`;

describe('keyword replies', () => {
  it('CHAT-043 a keyword matches as a whole word, in any case and with or without accents', () => {
    expect(keywordReply('Qual o PREÇO?', replies)).toBe(replies[0]?.reply);
    expect(keywordReply('qual o preco', replies)).toBe(replies[0]?.reply);
    expect(keywordReply('horario de atendimento', replies)).toBe(replies[1]?.reply);
    expect(keywordReply('preçoso', replies)).toBeNull();
    expect(keywordReply('sobrepreço', replies)).toBeNull();
    expect(keywordReply('', replies)).toBeNull();
    expect(keywordReply('a+b (preço)', [{ keyword: 'a+b', reply: 'soma' }])).toBe('soma');
  });
});

describe('message statuses', () => {
  it('CHAT-015 CHAT-016 CHAT-017 only forward; a failure only before delivery', () => {
    expect(nextStatus('pending', 'sent')).toBe('sent');
    expect(nextStatus('sent', 'Read')).toBe('Read');
    expect(nextStatus('Read', 'Delivered')).toBeNull();
    expect(nextStatus('Delivered', 'Delivered')).toBeNull();
    expect(nextStatus('sent', 'failed')).toBe('failed');
    expect(nextStatus('Delivered', 'failed')).toBeNull();
    expect(nextStatus('failed', 'failed')).toBeNull();
  });
});

describe('signed file links', () => {
  const link = (path: string) => {
    const url = new URL(path, 'http://x');
    const [, , , , workspaceId, messageId] = url.pathname.split('/');
    return {
      workspaceId: Number(workspaceId),
      messageId: Number(messageId),
      expires: Number(url.searchParams.get('expires')),
      signature: url.searchParams.get('signature') ?? '',
    };
  };

  it('CHAT-018 a link is valid for its message and workspace until it expires', () => {
    const now = Date.now();
    const signed = link(signedFilePath(mac, { platformId: 1, workspaceId: 7 }, 42, now));
    expect(isValidFileSignature(mac, signed, now)).toBe(true);
    expect(isValidFileSignature(mac, { ...signed, messageId: 43 }, now)).toBe(false);
    expect(isValidFileSignature(mac, { ...signed, workspaceId: 8 }, now)).toBe(false);
    expect(isValidFileSignature(mac, { ...signed, expires: signed.expires + 1 }, now)).toBe(false);
    expect(isValidFileSignature(mac, signed, signed.expires * 1000 + 1)).toBe(false);
  });
});
