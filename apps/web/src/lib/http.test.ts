import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub.ts';
import { ApiError, apiRequest, http, REQUEST_TIMEOUT_MS, setUnauthorizedHandler } from './http.ts';
import { clearSession, getSession } from './session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setUnauthorizedHandler(() => clearSession({ keepWorkspace: true }));
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('http client', () => {
  it('PLAT-200 calls the versioned API root', async () => {
    const fetchMock = stubFetch(() => ({ body: { ok: true } }));
    await http.get('/platform', { query: { limit: 500, search: undefined } });
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toBe('/api/v1/platform?limit=500');
  });

  it('PLAT-201 sends the stored access token as a Bearer authorization header', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
    const fetchMock = stubFetch(() => ({ body: {} }));
    await http.get('/users/self/workspaces');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('PLAT-201 sends no authorization header without a stored token', async () => {
    const fetchMock = stubFetch(() => ({ body: {} }));
    await http.get('/platform');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('PLAT-202 sends JSON and limits every request to 30 s', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetchMock = stubFetch((_url, init) => ({ body: JSON.parse(String(init.body)) }));
    const answer = await http.post<{ username: string }>('/auth/token', { username: 'ana' });
    expect(answer).toEqual({ username: 'ana' });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(timeout).toHaveBeenCalledWith(30_000);
    expect(init?.signal).toBeDefined();
  });

  it('PLAT-202 a request that times out fails without a status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation timed out.', 'TimeoutError');
      }),
    );
    const error = await failure(http.get('/platform'));
    expect(error.status).toBeUndefined();
    expect(error.body).toBeUndefined();
  });

  it.each([201, 204, 202])('PLAT-203 a %i answer is a failure, not a success', async (status) => {
    stubFetch(() => ({ status, body: status === 204 ? undefined : { id: 1 } }));
    const error = await failure(http.post('/anything', {}));
    expect(error.status).toBe(status);
  });

  it('PLAT-203 an error answer carries its status and body', async () => {
    const body = { status: 409, message: 'Conflito', errors: [{ field: 'name', description: 'Em uso' }] };
    stubFetch(() => ({ status: 409, body }));
    const error = await failure(http.put('/anything', {}));
    expect(error.status).toBe(409);
    expect(error.body).toEqual(body);
  });

  it('PLAT-204 a 401 answer ends the session (token and user) and keeps the workspace', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    localStorage.setItem(STORAGE_KEYS.workspace, '3');
    stubFetch(() => ({ status: 401, body: { status: 401, message: 'Sessão expirada' } }));
    const error = await failure(http.get('/workspaces/3'));
    expect(error.status).toBe(401);
    await vi.waitFor(() => expect(getSession().token).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(getSession().token).toBeNull();
    expect(getSession().workspaceId).toBe(3);
  });

  it('PLAT-204 only a 401 triggers the logout', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(() => ({ status: 403, body: { status: 403, message: 'Proibido' } }));
    await failure(http.get('/workspaces/3'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(handler).not.toHaveBeenCalled();
    stubFetch(() => ({ status: 401, raw: '' }));
    await failure(http.get('/workspaces/3'));
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
  });

  it('a non-JSON error body is treated as missing', async () => {
    stubFetch(() => ({ status: 502, raw: '<html>Bad gateway</html>' }));
    const error = await failure(http.get('/platform'));
    expect(error.status).toBe(502);
    expect(error.body).toBeUndefined();
  });

  it('a cancelled request rejects with the abort itself, not an API failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        await new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }),
    );
    const controller = new AbortController();
    const pending = apiRequest('GET', '/platform', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
