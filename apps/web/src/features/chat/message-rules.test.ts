import { describe, expect, it } from 'vitest';
import { messageFixture } from './chat-test-support.tsx';
import { canDeleteMessage, mergePages } from './message-rules.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const sentAgo = (hours: number) => new Date(NOW - hours * HOUR).toISOString();

describe('message rules', () => {
  it('CHAT-088 CHAT-089 CHAT-090 deletable: user or bot, QR-code room, under 48 hours, not yet deleted', () => {
    const user = messageFixture({ sender: 'user', sent_at: sentAgo(1) });
    expect(canDeleteMessage(user, NOW)).toBe(true);
    expect(canDeleteMessage({ ...user, sender: 'bot' }, NOW)).toBe(true);
    expect(canDeleteMessage({ ...user, sender: 'contact' }, NOW)).toBe(false);
    expect(canDeleteMessage({ ...user, sent_at: sentAgo(48) }, NOW)).toBe(false);
    expect(canDeleteMessage({ ...user, sent_at: sentAgo(47.9) }, NOW)).toBe(true);
    expect(canDeleteMessage({ ...user, dialog: { ...user.dialog, media_type: 'WhatsappWaba' } }, NOW)).toBe(
      false,
    );
    expect(canDeleteMessage({ ...user, is_deleted: true }, NOW)).toBe(false);
    expect(canDeleteMessage({ ...user, remote_id: null }, NOW)).toBe(false);
  });

  it('the polled page and the older pages merge oldest first, each message once', () => {
    const a = messageFixture({ sent_at: sentAgo(3) });
    const b = messageFixture({ sent_at: sentAgo(2) });
    const c = messageFixture({ sent_at: sentAgo(1) });
    expect(
      mergePages([
        [c, b],
        [b, a],
      ]).map((m) => m.id),
    ).toEqual([a.id, b.id, c.id]);
  });
});
