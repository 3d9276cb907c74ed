import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const workspace = (id: number, name: string, role: string) => ({
  id,
  name,
  role,
  settings: { require_task_for_stage_change: true },
  created_at: '2025-01-10T12:00:00.000Z',
});

function api(posted: unknown[]): StubHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /api/v1/platform') return { body: platformFixture() };
    if (key === 'GET /api/v1/users/self/workspaces') {
      const data = [workspace(1, 'Matriz Centro', 'admin'), workspace(2, 'Filial Sul', 'salesRep')];
      return { body: { data, pagination: { total_count: 2, limit: 500, offset: 0 } } };
    }
    if (key === 'POST /api/v1/users/self/workspaces') {
      posted.push(JSON.parse(String(init.body)));
      return { body: workspace(3, 'Escola Nova', 'admin') };
    }
    return { status: 404, body: { status: 404, message: 'Não encontrado' } };
  };
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/workspace-management', () => {
  it('PLAT-056 PLAT-231 lists the workspaces the admin runs and creates one with its settings', async () => {
    const posted: unknown[] = [];
    stubFetch(api(posted));
    startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'admin' }]));
    renderApp('/workspace-management');
    expect(await screen.findByRole('heading', { name: 'Gerenciamento de workspaces' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Gerenciamento de workspaces | CRM'));
    expect(await screen.findByText('Matriz Centro')).toBeTruthy();
    // Only where the caller is an admin.
    expect(screen.queryByText('Filial Sul')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Novo workspace' }));
    await screen.findByRole('dialog', { name: 'Novo workspace' });
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Escola Nova' } });
    fireEvent.click(screen.getByRole('switch', { name: /Exigir tarefa para mudar de etapa/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Criar workspace' }));
    await waitFor(() =>
      expect(posted).toEqual([{ name: 'Escola Nova', settings: { require_task_for_stage_change: false } }]),
    );
  });

  it('PLAT-136 someone with no admin role sees no management, only why', async () => {
    stubFetch(api([]));
    startSession(tokenResponseFixture([{ id: 2, name: 'Filial Sul', role: 'manager' }]));
    renderApp('/workspace-management?tab=marca');
    expect(
      await screen.findByText('Somente administradores gerenciam workspaces e a marca da plataforma.'),
    ).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Marca' })).toBeNull();
  });
});
