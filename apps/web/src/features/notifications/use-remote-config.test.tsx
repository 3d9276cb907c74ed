import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS } from '@vendaval/core/constants';
import type { Platform } from '@vendaval/core/schemas/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SkinProvider } from '../../app/skin.tsx';
import { TenantProvider } from '../../app/tenant-provider.tsx';
import { useTerms } from '../../lib/platform.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { platformFixture } from '../../testing/fixtures.ts';
import { useNotificationState } from './use-notification-state.ts';
import { useRemoteConfigRefresh } from './use-remote-config.ts';

/** The event stream's state, driven by the test: a reconnect is one of the triggers. */
const stream = vi.hoisted(() => {
  let status = 'open';
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next: string) {
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('../../lib/realtime.ts', async () => {
  const { useSyncExternalStore } = await import('react');
  return { useRealtimeStatus: () => useSyncExternalStore(stream.subscribe, stream.get) };
});

/** The server's side: the profile the operator last saved, its ETag, and every request the tab made. */
let profile: Platform;
let version = 1;
let requests: { ifNoneMatch: string | null }[] = [];

function operatorSaves(next: Platform) {
  profile = next;
  version += 1;
}

function stubPlatformEndpoint() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/v1/platform') return new Response(null, { status: 404 });
    const ifNoneMatch = new Headers(init.headers).get('if-none-match');
    requests.push({ ifNoneMatch });
    const etag = `"v${version}"`;
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(JSON.stringify(profile), {
      status: 200,
      headers: { 'content-type': 'application/json', etag },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
}

function Screen() {
  useRemoteConfigRefresh();
  const { remoteConfig } = useNotificationState();
  const terms = useTerms();
  return (
    <>
      <output data-testid="planning">{remoteConfig.flags.planning ?? 'sem planejamento'}</output>
      <output data-testid="price-term">{terms.price_term}</output>
      <label>
        Anotação
        <input />
      </label>
    </>
  );
}

function renderScreen() {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <SkinProvider>
        <TenantProvider>
          <Screen />
        </TenantProvider>
      </SkinProvider>
    </QueryClientProvider>,
  );
}

/** The tab comes back into view: the window gets focus, the document turns visible. */
function tabRegainsFocus() {
  fireEvent.focus(window);
  fireEvent(document, new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  profile = platformFixture();
  version = 1;
  requests = [];
  stubPlatformEndpoint();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('remote config', () => {
  it('PLAT-191 triggers within 60 s make no request; past 60 s one trigger revalidates it, only once', async () => {
    expect(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS).toBe(60_000);
    renderScreen();
    expect((await screen.findByTestId('price-term')).textContent).toBe('Valor de venda');
    expect(requests).toHaveLength(1);

    for (const step of [10_000, 20_000, 29_000]) {
      await act(() => vi.advanceTimersByTimeAsync(step));
      tabRegainsFocus();
    }
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    tabRegainsFocus();
    tabRegainsFocus();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    // Unchanged since the first load: the tab sends its ETag, the answer is a bodiless 304.
    expect(requests[1]?.ifNoneMatch).toBe('"v1"');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    tabRegainsFocus();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(2);

    await act(() => vi.advanceTimersByTimeAsync(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS));
    tabRegainsFocus();
    await vi.waitFor(() => expect(requests).toHaveLength(3));
  });

  it('PLAT-191 a reconnect of the event stream is a trigger under the same minimum interval', async () => {
    renderScreen();
    await screen.findByTestId('price-term');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    act(() => stream.set('down'));
    act(() => stream.set('open'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS));
    act(() => stream.set('down'));
    act(() => stream.set('open'));
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    tabRegainsFocus();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(2);
  });

  it('PLAT-087 a flag and a term the operator changed reach the screen from the notification state, keeping what the user typed', async () => {
    renderScreen();
    expect((await screen.findByTestId('planning')).textContent).toBe('sem planejamento');
    const note = screen.getByLabelText('Anotação');
    fireEvent.change(note, { target: { value: 'Ligar amanhã às 10h' } });

    operatorSaves(
      platformFixture({
        flags: { ...profile.flags, planning: 'pdca' },
        terms: { ...profile.terms, price_term: 'Mensalidade' },
      }),
    );
    tabRegainsFocus();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(1);
    expect(screen.getByTestId('price-term').textContent).toBe('Valor de venda');

    await act(() => vi.advanceTimersByTimeAsync(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS));
    tabRegainsFocus();
    await vi.waitFor(() => expect(screen.getByTestId('planning').textContent).toBe('pdca'));
    expect(screen.getByTestId('price-term').textContent).toBe('Mensalidade');
    expect(requests).toHaveLength(2);
    expect(screen.getByLabelText('Anotação')).toBe(note);
    expect((note as HTMLInputElement).value).toBe('Ligar amanhã às 10h');
  });
});
