import type { QueryClient } from '@tanstack/react-query';
import { REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS } from '@vendaval/core/constants';
import type { Platform } from '@vendaval/core/schemas/platform';
import { apiGetValidated } from './http.ts';
import { PLATFORM_QUERY_KEY } from './query-client.ts';

// The remote config is the tenant's profile (GET /platform): brand, palette, terms and flags, which the operator
// may change while tabs are open. Each profile held remembers the ETag it came with.
const etags = new WeakMap<Platform, string>();

/** Fetches the profile; an unchanged one (304) gives back the very object the query holds. */
export async function fetchRemoteConfig(queryClient: QueryClient, signal?: AbortSignal): Promise<Platform> {
  const data = queryClient.getQueryData<Platform>(PLATFORM_QUERY_KEY);
  const held = data ? { data, etag: etags.get(data) ?? null } : undefined;
  const fresh = await apiGetValidated<Platform>('/platform', held, { signal, token: null });
  if (fresh.etag) etags.set(fresh.data, fresh.etag);
  return fresh.data;
}

/**
 * Asks for the profile again unless it was fetched (or failed) less than REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS
 * ago or is being fetched now: however many triggers fire, at most one request a minute. Answers whether it asked.
 */
export function refreshRemoteConfig(queryClient: QueryClient, now = Date.now()): boolean {
  const state = queryClient.getQueryState(PLATFORM_QUERY_KEY);
  if (!state || state.fetchStatus === 'fetching') return false;
  const last = Math.max(state.dataUpdatedAt, state.errorUpdatedAt);
  if (now - last < REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS) return false;
  void queryClient.refetchQueries({ queryKey: PLATFORM_QUERY_KEY, exact: true });
  return true;
}
