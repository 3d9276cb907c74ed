import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIST_ITEM_NAME_MAX } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

type Campaign = { id: number; name: string };

/** A campaigns list held in memory, saved through the batch call as the server answers it: all or nothing. */
function campaignsApi(initial: Campaign[], refuse: (name: string) => boolean = () => false) {
  let rows = [...initial];
  let nextId = 100;
  const writes: { path: string; body: Record<string, unknown[]> }[] = [];
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
    const body = JSON.parse(String(init.body));
    writes.push({ path: `${method} ${path.replace('/api/v1/workspaces/1/', '')}`, body });
    const creates = body.creates as { name: string }[];
    const refused = creates.findIndex((c) => refuse(c.name));
    if (refused >= 0) {
      const message = MESSAGES.listItemExists.campaigns;
      return {
        status: 409,
        body: { status: 409, message, errors: [{ field: `creates.${refused}`, description: message }] },
      };
    }
    rows = rows.filter((r) => !(body.deletes as number[]).includes(r.id));
    rows = [...rows, ...creates.map((c) => ({ id: nextId++, name: c.name }))];
    return { body: { created: [], updated: [], deleted: body.deletes } };
  };
  return { handler, writes, rows: () => rows };
}

type Product = { id: number; name: string; price: number; category: string; modality: string };

/** A products list that answers reads and records the batch it is sent. */
function productsApi(rows: Product[]) {
  const writes: Record<string, unknown[]>[] = [];
  const handler: StubHandler = (url, init) => {
    const path = url.pathname;
    if (path === '/api/v1/platform') return { body: platformFixture() };
    if (path === '/api/v1/workspaces/1/products/batch') {
      writes.push(JSON.parse(String(init.body)));
      return { body: { created: [], updated: [], deleted: [] } };
    }
    const data = path === '/api/v1/workspaces/1/products' ? rows : [];
    return { body: { data, pagination: { total_count: data.length, limit: 500, offset: 0 } } };
  };
  return { handler, writes };
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
      expect(api.writes).toEqual([
        {
          path: 'POST campaigns/batch',
          body: {
            deletes: [2],
            updates: [],
            creates: [{ name: 'Feira de Profissões' }, { name: 'Semana Aberta' }],
          },
        },
      ]),
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

  it('defect 3 PLAT-074 a row is checked as it is added: over 120 characters, empty or a name already listed stays out', async () => {
    const api = campaignsApi([{ id: 1, name: 'Volta às Aulas' }]);
    stubFetch(api.handler);
    signIn();
    renderApp('/lists');
    await screen.findByText('Volta às Aulas');
    const name = screen.getByRole('textbox', { name: 'Nome (novo item)' });
    const add = screen.getByRole('button', { name: 'Adicionar' });

    fireEvent.click(add);
    expect(await screen.findByText(MESSAGES.listItemNameRequired)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(LIST_ITEM_NAME_MAX + 1) } });
    expect(await screen.findByText(MESSAGES.listItemNameTooLong(LIST_ITEM_NAME_MAX))).toBeTruthy();
    fireEvent.click(add);
    fireEvent.change(name, { target: { value: ' volta às aulas ' } });
    expect(await screen.findByText(MESSAGES.listItemExists.campaigns)).toBeTruthy();
    fireEvent.click(add);
    expect(screen.queryByRole('button', { name: /Salvar alterações \(/ })).toBeNull();

    fireEvent.change(name, { target: { value: 'x'.repeat(LIST_ITEM_NAME_MAX) } });
    fireEvent.click(add);
    expect(await screen.findByRole('button', { name: 'Salvar alterações (1)' })).toBeTruthy();
    expect(api.writes).toEqual([]);
  });

  it('defect 3 PLAT-074 a row made wrong while edited shows the error on the row, and nothing is sent until it is fixed', async () => {
    const api = campaignsApi([{ id: 1, name: 'Volta às Aulas' }]);
    stubFetch(api.handler);
    signIn();
    renderApp('/lists');
    await screen.findByText('Volta às Aulas');
    await add('Feira de Profissões');
    const row = screen.getByDisplayValue('Feira de Profissões');
    fireEvent.change(row, { target: { value: 'Volta às Aulas' } });
    const line = row.closest('tr') as HTMLElement;
    expect(await within(line).findByText(MESSAGES.listItemExists.campaigns)).toBeTruthy();
    expect(line.dataset.invalid).toBe('true');
    const save = screen.getByRole('button', { name: 'Salvar alterações (1)' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.listRowsInvalid);
    fireEvent.click(save);
    expect(api.writes).toEqual([]);

    fireEvent.change(row, { target: { value: 'Volta às Aulas 2028' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(within(line).queryByText(MESSAGES.listItemExists.campaigns)).toBeNull();
  });

  it('defect 3 PLAT-074 a refused save keeps every edit, saves none, and shows the refusal on its row', async () => {
    const api = campaignsApi([{ id: 1, name: 'Volta às Aulas' }], (name) => name === 'Matrículas 2028');
    stubFetch(api.handler);
    signIn();
    renderApp('/lists');
    await screen.findByText('Volta às Aulas');
    await add('Semana Aberta');
    await add('Matrículas 2028');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações (2)' }));
    const refused = (await screen.findByDisplayValue('Matrículas 2028')).closest('tr') as HTMLElement;
    expect(await within(refused).findByText(MESSAGES.listItemExists.campaigns)).toBeTruthy();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: MESSAGES.listsNotSaved }),
    );
    expect(api.rows().map((r) => r.name)).toEqual(['Volta às Aulas']);
    expect(screen.getByDisplayValue('Semana Aberta')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Salvar alterações (2)' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.change(screen.getByDisplayValue('Matrículas 2028'), { target: { value: 'Matrículas 2029' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar alterações (2)' }));
    await waitFor(() =>
      expect(api.rows().map((r) => r.name)).toEqual(['Volta às Aulas', 'Semana Aberta', 'Matrículas 2029']),
    );
  });

  it('PLAT-246 a product shows and takes its category and modality: Matrícula, Material didático or Outro; Presencial or A distância', async () => {
    const api = productsApi([
      { id: 1, name: 'Curso de Inglês EAD', price: 249.9, category: 'enrollment', modality: 'remote' },
      { id: 2, name: 'Material Didático', price: 189.9, category: 'courseware', modality: 'on_site' },
    ]);
    stubFetch(api.handler);
    signIn();
    renderApp('/lists');
    fireEvent.click(await screen.findByText('Produtos'));
    const ead = (await screen.findByText('Curso de Inglês EAD')).closest('tr') as HTMLElement;
    expect(within(ead).getByText('Matrícula')).toBeTruthy();
    expect(within(ead).getByText('A distância')).toBeTruthy();
    const book = screen.getByText('Material Didático').closest('tr') as HTMLElement;
    expect(within(book).getByText('Material didático')).toBeTruthy();
    expect(within(book).getByText('Presencial')).toBeTruthy();

    // A new product starts as a course ('Matrícula'), on site, until the admin picks.
    const category = screen.getByRole('textbox', { name: 'Categoria (novo item)' }) as HTMLInputElement;
    const modality = screen.getByRole('textbox', { name: 'Modalidade (novo item)' }) as HTMLInputElement;
    expect([category.value, modality.value]).toEqual(['Matrícula', 'Presencial']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome (novo item)' }), {
      target: { value: 'Apostila EAD' },
    });
    fireEvent.click(category);
    fireEvent.click(await screen.findByRole('option', { name: 'Material didático', hidden: true }));
    fireEvent.click(modality);
    fireEvent.click(await screen.findByRole('option', { name: 'A distância', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar alterações (1)' }));
    await waitFor(() =>
      expect(api.writes).toEqual([
        {
          deletes: [],
          updates: [],
          creates: [{ name: 'Apostila EAD', price: 0, category: 'courseware', modality: 'remote' }],
        },
      ]),
    );
  });
});
