import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER } from '@vendaval/core/schemas/webhooks';
import { guardedLookup } from '../../infra/outbound-target.ts';

const TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<body>">`: the receiver recomputes it with its secret. */
export function signBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface SignedPost {
  url: URL;
  secret: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  signal: AbortSignal;
}

/**
 * POSTs a signed body and answers the status code. Redirects are not followed (they could lead inside the
 * network); the body of the answer is drained and ignored.
 */
export function postSigned(post: SignedPost): Promise<number> {
  const body = Buffer.from(post.body);
  const send = post.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      post.url,
      {
        method: 'POST',
        headers: {
          ...post.headers,
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'Vendaval-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signBody(post.secret, post.body, Math.floor(Date.now() / 1000)),
        },
        lookup: guardedLookup(post.allowPrivate),
        signal: post.signal,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`sem resposta em ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}
