import { vi } from 'vitest';

export type StubResponse = { status?: number; body?: unknown; raw?: string };
export type StubHandler = (url: URL, init: RequestInit) => StubResponse | Promise<StubResponse>;

/** Replaces fetch with a handler; answers are real Response objects, as the client would get. */
export function stubFetch(handler: StubHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const { status = 200, body, raw } = await handler(url, init);
    const text = raw ?? (body === undefined ? '' : JSON.stringify(body));
    return new Response(text || null, { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
