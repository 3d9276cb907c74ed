import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_WORKSPACE_SETTINGS } from '@vendaval/core/schemas/workspaces';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const workspace = (id: number, name: string, role: string) => ({
  id,
  name,
  role,
  settings: DEFAULT_WORKSPACE_SETTINGS,
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
    if (key === 'GET /api/v1/workspaces/1/users') {
      const data = [
        { id: 5, name: 'Carla Campos' },
        { id: 6, name: 'Bruno Lima' },
      ];
      return { body: { data, pagination: { total_count: 2, limit: 500, offset: 0 } } };
    }
    if (key === 'GET /api/v1/workspaces/1/task-types') {
      const data = [
        { id: 3, name: 'Ligar', default_interaction_type_id: null },
        { id: 4, name: 'Visita', default_interaction_type_id: null },
      ];
      return { body: { data, pagination: { total_count: 2, limit: 500, offset: 0 } } };
    }
    if (key === 'POST /api/v1/workspaces/1/settings') {
      posted.push(JSON.parse(String(init.body)));
      return { body: JSON.parse(String(init.body)) };
    }
    if (key === 'PUT /api/v1/users/self/workspaces/1')
      return { body: workspace(1, 'Matriz Centro', 'admin') };
    if (key === `GET /api/v1/platforms/${platformFixture().id}/logs`) {
      const data = [
        {
          id: 1,
          type: 'BrandUpdated',
          actor: { id: 7, name: 'Ana Souza' },
          subject_user: null,
          data: { changes: [{ field: 'palette.primary', from: '#e8590c', to: '#1971c2' }] },
          created_at: '2025-03-01T12:00:00.000Z',
        },
      ];
      return { body: { data, pagination: { total_count: 1, limit: 20, offset: 0 } } };
    }
    if (key === 'POST /api/v1/users/self/workspaces') {
      posted.push(JSON.parse(String(init.body)));
      return { body: workspace(3, 'Escola Nova', 'admin') };
    }
    return { status: 404, body: { status: 404, message: 'Não encontrado' } };
  };
}

async function choose(label: RegExp, option: string) {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the list is not open');
    return list;
  });
  const found = await waitFor(() => {
    const match = within(listbox)
      .getAllByRole('option', { hidden: true })
      .find((o) => o.textContent === option);
    if (!match) throw new Error(`no option ${option}`);
    return match;
  });
  fireEvent.click(found);
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
      expect(posted).toEqual([
        {
          name: 'Escola Nova',
          settings: { ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: false },
        },
      ]),
    );
  });

  it('OPP-116 PLAT-113 PLAT-115 OPP-017 an admin edits the settings: a fixed distribution needs its user', async () => {
    const posted: unknown[] = [];
    stubFetch(api(posted));
    startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'admin' }]));
    renderApp('/workspace-management');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar workspace' });
    expect(dialog).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Manter filtros por padrão/ }));
    await choose(/Campo 'Não é aluno\?'/, 'Exibir');
    await choose(/Distribuição de cards/, 'Sempre o mesmo usuário');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha quem recebe os cards da distribuição.')).toBeTruthy();
    expect(posted).toEqual([]);

    await choose(/Usuário que recebe os cards/, 'Carla Campos');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          ...DEFAULT_WORKSPACE_SETTINGS,
          keep_filters: true,
          responsible_check: true,
          distribution: 'fixed_user',
          distribution_user_id: 5,
        },
      ]),
    );
  });

  it('PLAT-013 PLAT-238 the audit tab shows the brand log: who changed which colour, from and to', async () => {
    stubFetch(api([]));
    startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'admin' }]));
    renderApp('/workspace-management?tab=auditoria');
    fireEvent.click(await screen.findByRole('radio', { name: 'Marca' }));
    expect(await screen.findByText('Marca alterada')).toBeTruthy();
    expect(screen.getByText('Cor (primária): #e8590c → #1971c2')).toBeTruthy();
    expect(screen.getByText('Ana Souza')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Workspace' })).toBeNull();
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
