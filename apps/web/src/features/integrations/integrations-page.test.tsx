import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiClient } from '@vendaval/core/schemas/api-clients';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SECRET = 'vdv_chave-mostrada-uma-vez-0123456789abcdef';
const empty = { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } };

/** The integrations of workspace 1 held in memory, as the server keeps them: never with their secret. */
function apiClientsApi() {
  const rows: ApiClient[] = [];
  const posted: unknown[] = [];
  const handler: StubHandler = (url, init) => {
    const path = url.pathname;
    if (path === '/api/v1/platform') return { body: platformFixture() };
    if (path !== '/api/v1/workspaces/1/api-clients') return { body: empty };
    if ((init.method ?? 'GET') === 'GET')
      return { body: { data: rows, pagination: { total_count: rows.length, limit: 50, offset: 0 } } };
    const body = JSON.parse(String(init.body));
    posted.push(body);
    const created: ApiClient = {
      id: rows.length + 1,
      ...body,
      workspace_id: 1,
      secret_hint: SECRET.slice(0, 10),
      created_at: '2026-11-23T10:00:00.000Z',
      rotated_at: null,
      revoked_at: null,
    };
    rows.push(created);
    return { body: { ...created, secret: SECRET } };
  };
  return { handler, posted };
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/integrations', () => {
  it('an admin sees the API address and the docs, and a new integration shows its secret once', async () => {
    const api = apiClientsApi();
    stubFetch(api.handler);
    startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'admin' }]));
    renderApp('/integrations');
    await waitFor(() => expect(document.title).toBe('Integrar | CRM'));
    expect(screen.getByTestId('api-base-url').textContent).toBe(`${window.location.origin}/api/v1`);
    expect(screen.getByRole('link', { name: /Documentação da API/ }).getAttribute('href')).toBe('/api/docs');
    expect(await screen.findByText('Nenhuma integração criada.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nova integração' }));
    const form = await screen.findByRole('dialog', { name: 'Nova integração' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nome' }), {
      target: { value: 'URA da escola' },
    });
    fireEvent.click(within(form).getByRole('radio', { name: /API da URA/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Criar' }));

    const secret = await screen.findByRole('dialog', { name: 'Chave da integração' });
    expect(within(secret).getByText(SECRET)).toBeTruthy();
    expect(api.posted).toEqual([{ name: 'URA da escola', role: 'uraApi' }]);
    fireEvent.click(within(secret).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByText('URA da escola')).toBeTruthy();
    expect(screen.getByText('API da URA')).toBeTruthy();
  });

  it('a salesRep neither sees Integrar in the menu nor opens the page', async () => {
    stubFetch(apiClientsApi().handler);
    startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'salesRep' }]));
    renderApp('/integrations');
    await waitFor(() => expect(document.title).toBe('Pipeline | CRM'));
    expect(screen.queryByRole('link', { name: 'Integrar' })).toBeNull();
  });
});
