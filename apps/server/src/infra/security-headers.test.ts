import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** A built web app of one page, as Vite makes it: its script is a file, never inline. */
function webDist() {
  const dir = mkdtempSync(join(tmpdir(), 'vendaval-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>',
  );
  return dir;
}

const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers on every answer', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, config: { webDist: webDist() } });
    proxied = await buildTestApp({ seed: false, config: { trustProxy: true } });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  it("the app's HTML has a CSP without inline scripts, no framing, nosniff and a referrer policy", async () => {
    for (const url of ['/', '/login', '/espacos/1/funil']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('JSON answers, errors included, carry nosniff too', async () => {
    for (const [url, status] of [
      ['/api/v1/platform', 200],
      ['/api/v1/nao-existe', 404],
      ['/api/v1/workspaces/1/opportunities/%ED%A0%80', 400],
    ] as const) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('HSTS only over https: never on plain http, and behind a trusted proxy when it says https', async () => {
    const plain = await t.call({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim https for itself.
    const claimed = await t.call({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await proxied.call({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const proxiedHttp = await proxied.call({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(proxiedHttp.headers['strict-transport-security']).toBeUndefined();
  });
});
