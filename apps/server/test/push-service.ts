import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, jwtVerify } from 'jose';

/** A push the stand-in accepted: its payload decrypted with the browser's keys and its VAPID claims checked. */
export interface ReceivedPush {
  path: string;
  payload: unknown;
  claims: { aud?: unknown; sub?: unknown; exp?: number };
  /** The VAPID public key the push was signed with. */
  key: string;
  ttl: string | undefined;
}

/** A browser's side of a subscription: the keys a push service encrypts for (RFC 8291). */
export interface FakeBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/**
 * A local push service (RFC 8030) over https, as browsers' vendors run: it checks the VAPID JWT (RFC 8292) against
 * the key the server sends, decrypts the aes128gcm payload (RFC 8188, 8291) with the browser's private key and auth
 * secret, and answers each path with the status the test sets (201 by default, 410 for a gone subscription).
 */
export async function startPushService() {
  const folder = mkdtempSync(join(tmpdir(), 'push-service-'));
  const keyFile = join(folder, 'key.pem');
  const certFile = join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  const browsers = new Map<string, ReturnType<typeof createECDH> & { auth: Buffer }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];

  const server = createServer({ key: readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const path = req.url ?? '';
      try {
        const browser = browsers.get(path);
        if (!browser) throw new Error(`no subscription at ${path}`);
        const { claims, key } = await checkVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), browser).toString('utf8'));
        received.push({ path, payload, claims, key, ttl: req.headers.ttl as string | undefined });
        res.writeHead(statuses.get(path) ?? 201).end();
      } catch (error) {
        refused.push(`${path}: ${(error as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browserCount = 0;

  return {
    cert,
    certFile,
    received,
    refused,
    /** A new browser subscribed at this service. */
    browser(): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${++browserCount}`;
      browsers.set(path, Object.assign(ecdh, { auth }));
      return {
        subscription: {
          endpoint: `${origin}${path}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    /** The status this browser's pushes are answered with from now on. */
    answer(browser: FakeBrowser, status: number) {
      statuses.set(new URL(browser.subscription.endpoint).pathname, status);
    },
    pushesTo: (browser: FakeBrowser) =>
      received.filter((p) => p.path === new URL(browser.subscription.endpoint).pathname),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** `vapid t=<JWT>, k=<public key>`: the JWT must be signed (ES256) by k, for this origin, and not expired. */
async function checkVapid(header: string | undefined, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), {
    audience,
    algorithms: ['ES256'],
  });
  if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) throw new Error('exp beyond 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('bad sub');
  return { claims: payload, key };
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, keyed from the ECDH secret and the subscription's auth secret. */
function decrypt(body: Buffer, browser: ReturnType<typeof createECDH> & { auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = browser.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('no padding delimiter');
  return padded.subarray(0, end);
}
