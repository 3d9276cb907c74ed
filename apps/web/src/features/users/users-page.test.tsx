import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OPERATIONAL_STATUSES } from '@vendaval/core/constants';
import { ROLE_LABELS } from '@vendaval/core/roles';
import type { Member } from '@vendaval/core/schemas/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SELF_ID = 7; // the fixture's signed-in user

function member(id: number, name: string, overrides: Partial<Member> = {}): Member {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    username: name.split(' ')[0]?.toLowerCase() ?? 'u',
    role: 'salesRep',
    operational_status: 'Working',
    joined_at: '2024-01-10T12:00:00.000Z',
    last_login_at: null,
    manager_id: null,
    ...overrides,
  };
}

const team = [
  member(SELF_ID, 'Ana Souza', { role: 'admin', last_login_at: '2025-03-05T17:07:00.000Z' }),
  member(8, 'Bruno Barros', { operational_status: 'Vacation' }),
  member(9, 'Gustavo Gerente', { role: 'manager', last_login_at: '2025-02-01T09:30:00.000Z' }),
];

const page = (data: Member[], total = data.length, offset = 0) => ({
  body: { data, pagination: { total_count: total, limit: 50, offset } },
});

function api(overrides: Record<string, StubHandler> = {}): StubHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = overrides[key];
    if (handler) return handler(url, init);
    if (key === 'GET /api/v1/platform') {
      return {
        body: platformFixture({ terms: { ...platformFixture().terms, sales_rep_term: 'Consultor' } }),
      };
    }
    if (key === 'GET /api/v1/users/self/workspaces') {
      return { body: { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } } };
    }
    if (key === 'GET /api/v1/workspaces/1/users') return page(team);
    if (key === 'GET /api/v1/roles') {
      return { body: { data: ['salesRep', 'manager', 'admin'].map((id) => ({ id, name: id })) } };
    }
    return { status: 404, body: { status: 404, message: 'Não encontrado' } };
  };
}

const signIn = (role: string) => startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role }]));
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const calls = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === path);

/** The options of a select's own list (jsdom sees the dropdown as hidden: its transition never runs). */
async function optionsOf(input: HTMLElement) {
  if (!input.hasAttribute('data-expanded')) fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the list is not open');
    return list;
  });
  return within(listbox).getAllByRole('option', { hidden: true });
}

async function choose(input: HTMLElement, option: string) {
  const found = (await optionsOf(input)).find((o) => o.textContent === option);
  if (!found) throw new Error(`no option ${option}`);
  fireEvent.click(found);
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/users', () => {
  it("PLAT-042 PLAT-235 lists the members with role, status and last access, titled 'Usuários'", async () => {
    const fetchMock = stubFetch(api());
    signIn('admin');
    renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Usuários | CRM'));
    await screen.findByText('Bruno Barros');

    const bruno = within(row('Bruno Barros'));
    expect(bruno.getByText('bruno@example.com')).toBeTruthy();
    expect(bruno.getByText('Consultor')).toBeTruthy(); // the tenant's sales-rep term
    expect(bruno.getByText('Férias')).toBeTruthy();
    expect(bruno.getByText('Nunca acessou')).toBeTruthy();
    const ana = within(row('Ana Souza'));
    expect(ana.getByText('Administrador')).toBeTruthy();
    expect(ana.getByText('Em atividade')).toBeTruthy();
    expect(ana.getByText(/^\d{2}\/\d{2}\/2025 \d{2}h\d{2}$/)).toBeTruthy();
    expect(screen.getByText('1–3 de 3 usuários')).toBeTruthy();

    const [first] = calls(fetchMock, '/api/v1/workspaces/1/users');
    expect(first?.searchParams.get('limit')).toBe('50');
    expect(first?.searchParams.get('offset')).toBe('0');
  });

  it('PLAT-281 pages through the members 50 at a time', async () => {
    const many = Array.from({ length: 50 }, (_, i) => member(100 + i, `Pessoa ${i + 1}`));
    const fetchMock = stubFetch(
      api({
        'GET /api/v1/workspaces/1/users': (url) => {
          const offset = Number(url.searchParams.get('offset'));
          return page(offset === 0 ? many : [member(999, 'Última Pessoa')], 120, offset);
        },
      }),
    );
    signIn('admin');
    renderApp('/users');
    expect(await screen.findByText('1–50 de 120 usuários')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(51); // the header and 50 members
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Última Pessoa')).toBeTruthy();
    expect(screen.getByText('51–100 de 120 usuários')).toBeTruthy();
    const offsets = calls(fetchMock, '/api/v1/workspaces/1/users').map((u) => u.searchParams.get('offset'));
    expect(offsets).toEqual(['0', '50']);
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
  });

  it('PLAT-235 searches by name or e-mail once typing pauses, and filters by role', async () => {
    const fetchMock = stubFetch(
      api({
        'GET /api/v1/workspaces/1/users': (url) => {
          const search = url.searchParams.get('search');
          const role = url.searchParams.get('role');
          const found = team.filter(
            (m) => (!search || m.name.toLowerCase().includes(search)) && (!role || m.role === role),
          );
          return page(found);
        },
      }),
    );
    signIn('admin');
    renderApp('/users');
    await screen.findByText('Bruno Barros');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'b' } });
    fireEvent.change(box, { target: { value: 'br' } });
    fireEvent.change(box, { target: { value: 'bru' } });
    await waitFor(() => expect(screen.queryByText('Ana Souza')).toBeNull());
    expect(screen.getByText('Bruno Barros')).toBeTruthy();
    const searches = calls(fetchMock, '/api/v1/workspaces/1/users').map((u) => u.searchParams.get('search'));
    expect(searches).toEqual([null, 'bru']); // one request for the pause, none per keystroke

    fireEvent.change(box, { target: { value: '' } });
    await screen.findByText('Ana Souza');
    await choose(screen.getByRole('textbox', { name: 'Função' }), 'Gerente');
    await waitFor(() => expect(screen.queryByText('Ana Souza')).toBeNull());
    expect(screen.getByText('Gustavo Gerente')).toBeTruthy();
    expect(calls(fetchMock, '/api/v1/workspaces/1/users').at(-1)?.searchParams.get('role')).toBe('manager');
  });

  it('PLAT-140 PLAT-141 the role filter offers a salesRep neither admin nor managing roles, and never API roles', async () => {
    stubFetch(api());
    signIn('salesRep');
    renderApp('/users');
    await screen.findByText('Bruno Barros');
    const offered = (await optionsOf(screen.getByRole('textbox', { name: 'Função' }))).map(
      (o) => o.textContent,
    );
    expect(offered).toEqual(['Consultor', ROLE_LABELS.diretorComercial]);
  });

  it('PLAT-140 PLAT-141 a manager may filter by managing roles but not admin roles; an admin by all', async () => {
    stubFetch(api());
    signIn('manager');
    const view = renderApp('/users');
    await screen.findByText('Bruno Barros');
    let offered = (await optionsOf(screen.getByRole('textbox', { name: 'Função' }))).map(
      (o) => o.textContent,
    );
    expect(offered).toContain('Gerente');
    expect(offered).not.toContain('Administrador');
    expect(offered).not.toContain('CEO');
    expect(offered).not.toContain(ROLE_LABELS.uraApi);
    view.unmount();

    signIn('admin');
    renderApp('/users');
    await screen.findByText('Bruno Barros');
    offered = (await optionsOf(screen.getByRole('textbox', { name: 'Função' }))).map((o) => o.textContent);
    expect(offered).toHaveLength(14);
    expect(offered).toContain('Administrador');
    expect(offered).not.toContain(ROLE_LABELS.uraApi);
  });

  it('PLAT-236 PLAT-287 a salesRep sees no admin actions and sets their own operational status from the nine statuses', async () => {
    const fetchMock = stubFetch(
      api({
        'PUT /api/v1/workspaces/1/users/7': (_url, init) => ({
          body: { ...team[0], ...JSON.parse(String(init.body)), voip_username: null, voip_password: null },
        }),
      }),
    );
    signIn('salesRep');
    renderApp('/users');
    await screen.findByText('Bruno Barros');
    expect(screen.queryByRole('button', { name: 'Convidar usuário' })).toBeNull();

    fireEvent.click(within(row('Bruno Barros')).getByRole('button', { name: 'Ações de Bruno Barros' }));
    expect(await screen.findByRole('menuitem', { name: 'Ver detalhes' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Alterar função' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Status operacional' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Remover do workspace' })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(within(row('Ana Souza')).getByRole('button', { name: 'Ações de Ana Souza' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Status operacional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Status operacional' });
    const statusInput = within(dialog).getByRole('textbox', { name: 'Status operacional' });
    expect((await optionsOf(statusInput)).map((o) => o.getAttribute('value'))).toEqual([
      ...OPERATIONAL_STATUSES,
    ]);
    await choose(statusInput, 'Treinamento');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Status operacional atualizado com sucesso!', autoClose: 1500 }),
      ),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ operational_status: 'Training' });
    // The list is asked again after the change.
    await waitFor(() => expect(calls(fetchMock, '/api/v1/workspaces/1/users').length).toBeGreaterThan(1));
  });

  it('PLAT-234 an admin invites by e-mail with a role the server offers; the toast names the address', async () => {
    const fetchMock = stubFetch(
      api({
        'POST /api/v1/workspaces/1/user-invitations': (_url, init) => {
          const body = JSON.parse(String(init.body));
          return {
            body: {
              id: 'inv-1',
              ...body,
              workspace: { id: 1, name: 'Matriz Centro' },
              inviter_name: 'Ana Souza',
              user_exists: false,
              expires_at: '2099-01-01T00:00:00Z',
            },
          };
        },
      }),
    );
    signIn('admin');
    renderApp('/users');
    await screen.findByText('Bruno Barros');
    fireEvent.click(screen.getByRole('button', { name: 'Convidar usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convidar usuário' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findByText('E-mail inválido')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'nova@example.com' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Função' })).not.toHaveProperty('disabled', true),
    );
    await choose(within(dialog).getByRole('textbox', { name: 'Função' }), 'Gerente');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Convite enviado para nova@example.com', autoClose: 1500 }),
      ),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: 'nova@example.com', role: 'manager' });
    expect(calls(fetchMock, '/api/v1/roles')[0]?.searchParams.get('workspace_id')).toBe('1');
  });

  it('PLAT-238 a row opens the user with their history; a salesRep sees no history', async () => {
    const fetchMock = stubFetch(
      api({
        'GET /api/v1/workspaces/1/users/8': () => ({
          body: { ...team[1], voip_username: null, voip_password: null },
        }),
        'GET /api/v1/workspaces/1/user-logs': () => ({
          body: {
            data: [
              {
                id: 2,
                type: 'UserRoleUpdated',
                actor: { id: 7, name: 'Ana Souza' },
                subject_user: { id: 8, name: 'Bruno Barros' },
                data: { from: 'manager', to: 'salesRep' },
                created_at: '2025-03-05T17:07:00.000Z',
              },
              {
                id: 1,
                type: 'UserJoined',
                actor: { id: 8, name: 'Bruno Barros' },
                subject_user: { id: 8, name: 'Bruno Barros' },
                data: { role: 'manager' },
                created_at: '2025-03-01T10:00:00.000Z',
              },
            ],
            pagination: { total_count: 2, limit: 100, offset: 0 },
          },
        }),
      }),
    );
    signIn('admin');
    const view = renderApp('/users');
    fireEvent.click(await screen.findByText('Férias'));
    const drawer = await screen.findByRole('dialog', { name: 'Detalhes do usuário' });
    expect(within(drawer).getByRole('heading', { name: 'Bruno Barros' })).toBeTruthy();
    expect(await within(drawer).findByText('Função alterada: Gerente → Consultor')).toBeTruthy();
    expect(within(drawer).getByText('Entrou no workspace')).toBeTruthy();
    expect(within(drawer).getAllByText(/por Ana Souza/)).toHaveLength(1);
    expect(calls(fetchMock, '/api/v1/workspaces/1/user-logs')[0]?.searchParams.get('user_id')).toBe('8');
    view.unmount();

    fetchMock.mockClear();
    signIn('salesRep');
    renderApp('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Bruno Barros' }));
    const repDrawer = await screen.findByRole('dialog', { name: 'Detalhes do usuário' });
    expect(within(repDrawer).getByText('Férias')).toBeTruthy();
    expect(within(repDrawer).queryByText('Histórico')).toBeNull();
    expect(calls(fetchMock, '/api/v1/workspaces/1/user-logs')).toHaveLength(0);
  });

  it('user text is shown as text, never as markup', async () => {
    stubFetch(
      api({
        'GET /api/v1/workspaces/1/users': () => page([member(8, '<img src=x onerror=alert(1)> Bruno')]),
      }),
    );
    signIn('admin');
    const { container } = renderApp('/users');
    expect(await screen.findByText(/<img src=x onerror=alert\(1\)> Bruno/)).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
