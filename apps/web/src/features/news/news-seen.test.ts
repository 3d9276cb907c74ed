import { isNewsExpired, type NewsWarning } from '@vendaval/core/schemas/news';
import { beforeEach, describe, expect, it } from 'vitest';
import { markNewsSeen, nextNewsWarning, seenNewsIds } from './news-seen.ts';

const warning = (id: number, expiration: string): NewsWarning => ({
  id,
  message: `Aviso ${id}`,
  created_at: '2026-11-01T12:00:00.000Z',
  expiration,
  iframeInfo: null,
  carouselInfo: null,
});

beforeEach(() => localStorage.clear());

describe('news warnings on this browser', () => {
  it('PLAT-186 a shown warning id is remembered in local storage, per user, and not shown again', () => {
    const list = [warning(2, '31/12/2099'), warning(1, '31/12/2099')];
    expect(nextNewsWarning(list, seenNewsIds(7))?.id).toBe(1);
    markNewsSeen(7, 1);
    expect(seenNewsIds(7)).toEqual([1]);
    expect(localStorage.getItem('vendaval.news-seen')).toBe('{"7":[1]}');
    expect(nextNewsWarning(list, seenNewsIds(7))?.id).toBe(2);
    markNewsSeen(7, 2);
    expect(nextNewsWarning(list, seenNewsIds(7))).toBeNull();
    // Another user of the same browser still sees both.
    expect(nextNewsWarning(list, seenNewsIds(8))?.id).toBe(1);
  });

  it('PLAT-187 a warning is shown through its expiration day and not after it', () => {
    const now = new Date(2026, 10, 27, 23, 59);
    expect(isNewsExpired('27/11/2026', now)).toBe(false);
    expect(isNewsExpired('26/11/2026', now)).toBe(true);
    expect(isNewsExpired('27/11/2026', new Date(2026, 10, 28, 0, 0))).toBe(true);
    expect(isNewsExpired('não é data', now)).toBe(true);
    expect(nextNewsWarning([warning(1, '26/11/2026'), warning(3, '28/11/2026')], [], now)?.id).toBe(3);
  });

  it('PLAT-186 unreadable storage counts as nothing seen and keeps at most 200 ids', () => {
    localStorage.setItem('vendaval.news-seen', '[1,2');
    expect(seenNewsIds(7)).toEqual([]);
    for (let id = 1; id <= 205; id++) markNewsSeen(7, id);
    expect(seenNewsIds(7)).toHaveLength(200);
    expect(seenNewsIds(7)[0]).toBe(6);
  });
});
