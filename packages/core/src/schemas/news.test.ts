import { describe, expect, it } from 'vitest';
import { isAllowedVideoSrc, isNewsExpired } from './news.ts';

describe('news warning rules', () => {
  it('PLAT-188 only https players of YouTube, youtube-nocookie and Vimeo may be embedded', () => {
    for (const src of [
      'https://www.youtube.com/embed/abc',
      'https://youtube-nocookie.com/embed/abc?start=10',
      'https://www.youtube-nocookie.com/embed/abc',
      'https://player.vimeo.com/video/76979871',
    ])
      expect(isAllowedVideoSrc(src), src).toBe(true);
    for (const src of [
      'http://www.youtube.com/embed/abc',
      'https://www.youtube.com.evil.example/embed/abc',
      'https://evil.example/?u=https://www.youtube.com/embed/abc',
      'https://user@www.youtube.com/embed/abc',
      'https://www.youtube.com:8443/embed/abc',
      'javascript:alert(1)',
      '//www.youtube.com/embed/abc',
      'https://vimeo.com/76979871',
    ])
      expect(isAllowedVideoSrc(src), src).toBe(false);
  });

  it('PLAT-187 a warning expires when its expiration day is over', () => {
    expect(isNewsExpired('27/11/2026', new Date(2026, 10, 27, 23, 59))).toBe(false);
    expect(isNewsExpired('27/11/2026', new Date(2026, 10, 28))).toBe(true);
    expect(isNewsExpired('31/02/2026', new Date(2026, 0, 1))).toBe(true);
  });
});
