import type { IncomingMessage, ServerResponse } from 'node:http';
import { NEWS_VIDEO_HOSTS } from '@vendaval/core/schemas/news';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/** A year, with subdomains: the browser then refuses plain http to this host for that long. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The app's own page and everything it loads come from this origin. Scripts only as files (the built index.html
 * has no inline script), never inline or eval. Styles may be inline: Mantine writes its theme's CSS variables
 * into a <style> tag and positions popovers, menus and the virtualised board through style attributes, so
 * 'unsafe-inline' is needed for styles; a style cannot run code. Images, audio and files may be blob: or data:
 * URLs (previews of uploads, recorded audio, the emoji picker's sprites, downloads built in the page).
 */
const APP_POLICY = {
  defaultSrc: ["'self'"],
  // WebAssembly may compile (the voice-note Ogg Opus encoder runs in a worker); JavaScript eval stays refused.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  // The video players a news warning may embed, and nothing else.
  frameSrc: ["'self'", 'blob:', ...NEWS_VIDEO_HOSTS.map((host) => `https://${host}`)],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // No page of the app may be framed by another site (clickjacking).
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every answer, HTML and JSON alike: the CSP above, nosniff, no framing, a referrer that
 * never leaves the origin (signed file links carry their signature in the query), and HSTS only when the request
 * came over https (TLS here, or X-Forwarded-Proto from a trusted proxy), as a browser ignores it over http anyway
 * and a plain-http install must stay reachable. `connectTo`: origins besides this one the page may connect to.
 */
export async function securityHeaders(app: FastifyInstance, connectTo: string[] = []) {
  const policy = { ...APP_POLICY, connectSrc: [...APP_POLICY.connectSrc, ...connectTo] };
  const headers = headersOf(
    helmet({ ...HEADERS, contentSecurityPolicy: { useDefaults: false, directives: policy } }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(reply.raw, headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isFormEmbedPage(request.url)) return;
    // Helmet wrote its headers on the raw answer; a file answer sends those as they are, so both are replaced there.
    reply.raw.setHeader('content-security-policy', EMBED_POLICY);
    reply.raw.removeHeader('x-frame-options');
    reply.header('content-security-policy', EMBED_POLICY);
    reply.removeHeader('x-frame-options');
  });
}

/**
 * The one page another site may frame: a marketing form's embed (`/f/<public id>/embed`), which any customer's
 * site shows in an iframe. It holds the public form only, so framing it exposes nothing of a signed-in user.
 */
export function isFormEmbedPage(url: string): boolean {
  return /^\/f\/[A-Za-z0-9_-]{8,40}\/embed\/?(\?|$)/.test(url);
}

/** The app's policy with one change: any site may frame the page. */
const EMBED_POLICY = Object.entries({ ...APP_POLICY, frameAncestors: ['*'] })
  .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
  .join(';');

const HEADERS = {
  contentSecurityPolicy: { useDefaults: false, directives: APP_POLICY },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
} as const;

type HeaderList = [name: string, value: string][];

/**
 * The headers a helmet middleware writes, taken once: they depend on nothing of the request, and helmet would
 * otherwise work them out again on every answer.
 */
function headersOf(middleware: ReturnType<typeof helmet>): HeaderList {
  const headers: HeaderList = [];
  const response = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

function setHeaders(response: ServerResponse, headers: HeaderList) {
  for (const [name, value] of headers) response.setHeader(name, value);
}

const defaultHeaders = headersOf(helmet(HEADERS));

/** The same headers on an answer the router gives before any route or hook runs (a malformed path). */
export function withSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, send: () => void) {
  setHeaders(reply.raw, defaultHeaders);
  send();
}
