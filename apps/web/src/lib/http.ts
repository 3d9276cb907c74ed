import type { ApiErrorBody } from '@vendaval/core/messages';
import { clearSession, getToken } from './session.ts';

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api/v1';
export const REQUEST_TIMEOUT_MS = 30_000;

/** Any answer other than 200, or no answer at all (network failure, time-out: status undefined). */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(status: number | undefined, body: ApiErrorBody | undefined, options?: ErrorOptions) {
    super(body?.message ?? (status === undefined ? 'Request failed' : `HTTP ${status}`), options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Overrides the stored token (undefined reads the stored one, null sends none). */
  token?: string | null;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let unauthorizedHandler: () => void = () => clearSession({ keepWorkspace: true });

/** What a 401 does; the default ends the session, which the route guards turn into /login. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) params.append(key, String(item));
  }
  const search = params.size > 0 ? `?${params}` : '';
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function asErrorBody(payload: unknown): ApiErrorBody | undefined {
  return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
    ? (payload as ApiErrorBody)
    : undefined;
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await exchange(method, path, options);
  return readAnswer<T>(response);
}

/** What the caller holds of a resource: its body and the ETag it came with. */
export type Validated<T> = { data: T; etag: string | null };

/**
 * A GET that revalidates what the caller holds: its ETag goes as If-None-Match, and a 304 (unchanged) keeps
 * `held` as it is, the same object, so nothing that reads it renders again.
 */
export async function apiGetValidated<T>(
  path: string,
  held: Validated<T> | undefined,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<Validated<T>> {
  const ifNoneMatch = held?.etag ? { 'If-None-Match': held.etag } : undefined;
  const response = await exchange('GET', path, options, ifNoneMatch);
  if (response.status === 304 && held) return held;
  const data = await readAnswer<T>(response);
  return { data, etag: response.headers.get('etag') };
}

async function exchange(
  method: Method,
  path: string,
  options: RequestOptions,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', ...extraHeaders });
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // The browser writes the multipart content type with its boundary.
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  try {
    return await fetch(apiUrl(path, options.query), { method, headers, body, signal });
  } catch (error) {
    // A caller's cancellation is not a failure worth reporting; keep it recognisable as an abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError(undefined, undefined, { cause: error });
  }
}

async function readAnswer<T>(response: Response): Promise<T> {
  const payload = await readJson(response);
  if (response.status !== 200) {
    // Deferred so the failure reaches its caller (and the global toast) before the session ends
    // and the guards unmount the screen that asked.
    if (response.status === 401) setTimeout(unauthorizedHandler, 0);
    throw new ApiError(response.status, asErrorBody(payload));
  }
  return payload as T;
}

/** A file the API answers (an export): its bytes and the name its Content-Disposition gives. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string }> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers });
  } catch (error) {
    throw new ApiError(undefined, undefined, { cause: error });
  }
  if (response.status !== 200) {
    if (response.status === 401) setTimeout(unauthorizedHandler, 0);
    throw new ApiError(response.status, asErrorBody(await readJson(response)));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'arquivo';
  return { blob: await response.blob(), fileName };
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
