import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

type Campaign = { id: number; name: string };

/** A campaigns list held in memory, written through the same calls the server answers. */
function campaignsApi(initial: Campaign[], refuse: (name: string) => boolean = () => false) {
  let rows = [...initial];
  let nextId = 100;
  const writes: string[] = [];
  const handler: StubHandler = (url, init) => {
    const method = init.method ?? 'GET';
    const path = url.pathname;
    if (path === '/api/v1/platform') return { body: platformFixture() };
    if (path === '/api/v1/users/self/workspaces') {
      return { body: { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } } };
    }
    if (!path.startsWith('/api/v1/workspaces/1/campaigns')) {
      return { body: { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } } };
    }
    if (method === 'GET') {
      return { body: { data: rows, pagination: { total_count: rows.length, limit: 50, offset: 0 } } };
    }
    writes.push(`${method} ${path.replace('/api/v1/workspaces/1/', '')}`);
    if (method === 'POST') {
      const { name } = JSON.parse(String(init.body));
      if (refuse(name))
        return { status: 409, body: { status: 409, message: MESSAGES.listItemExists.campaigns } };
      rows = [...rows, { id: nextId++, name }];
      return { body: rows.at(-1) };
    }
    const id = Number(path.split('/').at(-1));
    rows = rows.filter((r) => r.id !== id);
    return { body: { message: MESSAGES.listItemDeleted } };
  };
  return { handler, writes, rows: () => rows };
}

const signIn = () => startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'admin' }]));

async function add(name: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Nome (novo item)' }), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
  await screen.findByDisplayValue(name);
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/lists', () => {
  it("PLAT-052 PLAT-074 PLAT-075 collects a list's edits, saves them together, then clears them", async () => {
    const api = campaignsApi([
      { id: 1, name: 'Volta às Aulas' },
      { id: 2, name: 'Indique um Amigo' },
    ]);
    stubFetch(api.handler);
    signIn();
    renderApp('/lists');
    await waitFor(() => expect(document.title).toBe('Editar Listas | CRM'));
    await screen.findByText('Volta às Aulas');

    await add('Feira de Profissões');
    await add('Semana Aberta');
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Indique um Amigo' }));
    expect(api.writes).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações (3)' }));
    await waitFor(() =>
      expect(api.writes).toEqual(['DELETE campaigns/2', 'POST campaigns', 'POST campaigns']),
    );
    await screen.findByText('Semana Aberta');
    expect(screen.queryByDisplayValue('Semana Aberta')).toBeNull();
    expect((screen.getByRole('button', { name: 'Salvar alterações' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(api.rows().map((r) => r.name)).toEqual(['Volta às Aulas', 'Feira de Profissões', 'Semana Aberta']);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: MESSAGES.listsSaved }),
    );
  });

  it('a refused edit stays, with the server message, while the others are saved', async () => {
    const api = campaignsApi([{ id: 1, name: 'Volta às Aulas' }], (name) => name === 'volta às aulas');
    stubFetch(api.handler);
    signIn();
    renderApp('/lists');
    await screen.findByText('Volta às Aulas');
    await add('volta às aulas');
    await add('Matrículas 2028');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações (2)' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: MESSAGES.listItemExists.campaigns }),
      ),
    );
    expect(await screen.findByRole('button', { name: 'Salvar alterações (1)' })).toBeTruthy();
    expect(screen.getByDisplayValue('volta às aulas')).toBeTruthy();
    const saved = await screen.findByText('Matrículas 2028');
    expect(
      within(saved.closest('tr') as HTMLElement).getByRole('button', { name: 'Editar Matrículas 2028' }),
    ).toBeTruthy();
  });
});
