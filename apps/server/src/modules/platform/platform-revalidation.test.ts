import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, RH_HOST, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let master = '';
beforeAll(async () => {
  t = await buildTestApp();
  master = await t.login('master@demo.local');
});
afterAll(() => t.close());

const DEFAULT_ID = 1000;
const getPlatform = (headers: Record<string, string> = {}, host = 'localhost') =>
  t.call({ method: 'GET', url: '/api/v1/platform', host, headers });

describe('GET /platform revalidation', () => {
  it('answers with an ETag kept but checked each time, and 304 with no body while it still matches', async () => {
    const first = await getPlatform();
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await getPlatform();
    expect(again.headers.etag).toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const unchanged = await getPlatform({ 'if-none-match': ifNoneMatch });
      expect(unchanged.statusCode, ifNoneMatch).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(etag);
    }
    const stale = await getPlatform({ 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().id).toBe(DEFAULT_ID);
  });

  it('another host’s profile has its own ETag: a foreign one gets the full answer', async () => {
    const local = await getPlatform();
    const rh = await getPlatform({ 'if-none-match': String(local.headers.etag) }, RH_HOST);
    expect(rh.statusCode).toBe(200);
    expect(rh.headers.etag).not.toBe(local.headers.etag);
    expect(rh.json().id).toBe(1);
  });

  it('a change by the operator makes the old ETag stale: the next check gets the new flags and terms', async () => {
    const before = await getPlatform();
    const old = before.json();
    const etag = String(before.headers.etag);
    const edited = await t.call({
      method: 'PUT',
      url: `/api/v1/platforms/${DEFAULT_ID}/profile`,
      token: master,
      payload: {
        terms: { ...old.terms, price_term: 'Mensalidade' },
        flags: { ...old.flags, opportunity_type_icons: !old.flags.opportunity_type_icons },
      },
    });
    expect(edited.statusCode).toBe(200);

    const after = await getPlatform({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().terms.price_term).toBe('Mensalidade');
    expect(after.json().flags.opportunity_type_icons).toBe(!old.flags.opportunity_type_icons);
    const unchanged = await getPlatform({ 'if-none-match': String(after.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
  });
});
