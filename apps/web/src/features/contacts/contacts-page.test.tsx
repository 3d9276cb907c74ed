import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@vendaval/core/schemas/contacts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

function contact(id: number, name: string, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    name,
    phone_number: '5511987654321',
    country_code: '55',
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    birthdate: null,
    document: null,
    id_number: null,
    postal_code: null,
    address_line1: null,
    address_line2: null,
    state_code: 'SP',
    city_name: 'São Paulo',
    neighborhood: null,
    instagram: null,
    facebook: null,
    linkedin: null,
    is_blacklisted: false,
    blacklist_reason: null,
    workspace_id: 1,
    created_at: '2025-01-10T12:00:00.000Z',
    updated_at: '2025-01-10T12:00:00.000Z',
    ...overrides,
  };
}

const people = [
  contact(4, 'Maria Silva', { document: '52998224725', birthdate: '1990-05-20' }),
  contact(5, 'João Pereira', {
    phone_number: null,
    email: null,
    city_name: 'Recife',
    state_code: 'PE',
    is_blacklisted: true,
    blacklist_reason: 'Pediu para não receber mensagens',
  }),
];

const page = <T,>(data: T[], total = data.length, offset = 0) => ({
  body: { data, pagination: { total_count: total, limit: 50, offset } },
});

function api(overrides: Record<string, StubHandler> = {}): StubHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname.replace('/api/v1/workspaces/1', '')}`;
    const handler = overrides[key];
    if (handler) return handler(url, init);
    if (key === 'GET /api/v1/platform') return { body: platformFixture() };
    if (key === 'GET /api/v1/users/self/workspaces') {
      return page([
        {
          id: 1,
          name: 'Escola Centro',
          role: 'manager',
          settings: {},
          created_at: '2024-01-01T00:00:00.000Z',
        },
      ]);
    }
    if (key === 'GET /contacts') return page(people);
    const one = /^GET \/contacts\/(\d+)$/.exec(key);
    const found = people.find((p) => p.id === Number(one?.[1]));
    if (found) return { body: found };
    if (/^GET \/contacts\/\d+\/logs$/.test(key)) return page([]);
    return { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
  };
}

const signIn = () => startSession(tokenResponseFixture([{ id: 1, name: 'Escola Centro', role: 'manager' }]));
const requests = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname === path,
    )
    .map(([url, init]) => ({
      url: new URL(String(url), 'http://x'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);
const input = (scope: ReturnType<typeof within>, label: string) =>
  scope.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' }) as HTMLInputElement;

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/contacts', () => {
  it("PLAT-041 lists the contacts with phone, e-mail, city/UF and the blacklist badge, titled 'Contatos'", async () => {
    const fetchMock = stubFetch(api());
    renderApp('/contacts');
    expect(await screen.findByRole('heading', { name: 'Contatos' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Contatos | CRM'));
    const maria = within(await screen.findByRole('row', { name: /Maria Silva/ }));
    expect(maria.getByText('+55 (11) 98765-4321')).toBeTruthy();
    expect(maria.getByText('maria@example.com')).toBeTruthy();
    expect(maria.getByText('São Paulo/SP')).toBeTruthy();
    expect(maria.queryByText('Black List')).toBeNull();
    const joao = within(screen.getByRole('row', { name: /João Pereira/ }));
    expect(joao.getByText('Recife/PE')).toBeTruthy();
    expect(joao.getByText('Black List')).toBeTruthy();
    expect(screen.getByText('1–2 de 2 contatos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    expect((await screen.findByRole('link', { name: 'Contatos' })).getAttribute('aria-current')).toBe('page');
    const [first] = requests(fetchMock, 'GET', '/api/v1/workspaces/1/contacts');
    expect(first?.url.searchParams.get('limit')).toBe('50');
    expect(first?.url.searchParams.get('offset')).toBe('0');
  });

  it('PLAT-281 PLAT-041 pages through the contacts 50 at a time', async () => {
    const many = Array.from({ length: 50 }, (_, i) => contact(100 + i, `Pessoa ${i + 1}`));
    const fetchMock = stubFetch(
      api({
        'GET /contacts': (url) => {
          const offset = Number(url.searchParams.get('offset'));
          return page(offset === 0 ? many : [contact(999, 'Última Pessoa')], 120, offset);
        },
      }),
    );
    renderApp('/contacts');
    expect(await screen.findByText('1–50 de 120 contatos')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(51);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Última Pessoa')).toBeTruthy();
    expect(screen.getByText('51–100 de 120 contatos')).toBeTruthy();
    const offsets = requests(fetchMock, 'GET', '/api/v1/workspaces/1/contacts').map((r) =>
      r.url.searchParams.get('offset'),
    );
    expect(offsets).toEqual(['0', '50']);
  });

  it('PLAT-041 PLAT-250 searches once typing pauses, back on page 1', async () => {
    const fetchMock = stubFetch(
      api({
        'GET /contacts': (url) => {
          const search = url.searchParams.get('search')?.toLowerCase();
          return page(people.filter((p) => !search || p.name.toLowerCase().includes(search)));
        },
      }),
    );
    renderApp('/contacts');
    await screen.findByText('João Pereira');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'mar' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'maria' } });
    await waitFor(() => expect(screen.queryByText('João Pereira')).toBeNull());
    expect(screen.getByText('Maria Silva')).toBeTruthy();
    const searches = requests(fetchMock, 'GET', '/api/v1/workspaces/1/contacts').map((r) =>
      r.url.searchParams.get('search'),
    );
    expect(searches).toEqual([null, 'maria']);
  });

  it('OPP-002 a contact id handed over in the URL opens that contact', async () => {
    const fetchMock = stubFetch(api());
    const { router } = renderApp('/contacts?contact_id=4');
    const modal = within(await screen.findByRole('dialog', { name: 'Maria Silva' }));
    await waitFor(() => expect(input(modal, 'Nome').value).toBe('Maria Silva'));
    expect(input(modal, 'CPF').value).toBe('529.982.247-25');
    expect(input(modal, 'Data de nascimento').value).toBe('20/05/1990');
    expect(requests(fetchMock, 'GET', '/api/v1/workspaces/1/contacts/4')).toHaveLength(1);
    fireEvent.click(modal.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("OPP-209 clicking a contact opens its modal, whose 'Histórico' tab is the contact's timeline", async () => {
    const fetchMock = stubFetch(api());
    const { router } = renderApp('/contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'João Pereira' }));
    const modal = within(await screen.findByRole('dialog', { name: 'João Pereira' }));
    expect(router.state.location.search).toBe('?contact_id=5');
    expect((modal.getByRole('checkbox', { name: /Black List/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(modal.getByRole('tab', { name: 'Histórico' }));
    expect(await modal.findByText('Nenhum histórico encontrado!')).toBeTruthy();
    const [logs] = requests(fetchMock, 'GET', '/api/v1/workspaces/1/contacts/5/logs');
    expect(logs?.url.searchParams.get('limit')).toBe('100');
  });

  it('PLAT-250 OPP-062 OPP-063 saves only the changed contact fields with PUT /contacts/{id} and confirms it', async () => {
    const fetchMock = stubFetch(
      api({
        'PUT /contacts/4': (_url, init) => ({
          body: { ...people[0], ...JSON.parse(String(init.body)) },
        }),
      }),
    );
    renderApp('/contacts?contact_id=4');
    const modal = within(await screen.findByRole('dialog', { name: 'Maria Silva' }));
    await waitFor(() => expect(input(modal, 'Nome').value).toBe('Maria Silva'));
    fireEvent.change(input(modal, 'E-mail'), { target: { value: 'Maria.Silva@Escola.com.br' } });
    fireEvent.change(input(modal, 'Cidade'), { target: { value: 'Campinas' } });
    fireEvent.change(input(modal, 'Bairro'), { target: { value: '<b>Centro</b>' } });
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ message: 'Contato atualizado com sucesso!' }),
      ),
    );
    const [put] = requests(fetchMock, 'PUT', '/api/v1/workspaces/1/contacts/4');
    expect(put?.body).toEqual({
      email: 'maria.silva@escola.com.br',
      city_name: 'Campinas',
      neighborhood: '<b>Centro</b>',
    });
  });

  it('PLAT-250 OPP-062 a new phone is saved as digits with its country code', async () => {
    const fetchMock = stubFetch(
      api({
        'PUT /contacts/4': (_url, init) => ({ body: { ...people[0], ...JSON.parse(String(init.body)) } }),
      }),
    );
    renderApp('/contacts?contact_id=4');
    const modal = within(await screen.findByRole('dialog', { name: 'Maria Silva' }));
    await waitFor(() => expect(input(modal, 'Celular').value).toBe('(11) 98765-4321'));
    fireEvent.change(input(modal, 'Celular'), { target: { value: '21999998888' } });
    expect(input(modal, 'Celular').value).toBe('(21) 99999-8888');
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(requests(fetchMock, 'PUT', '/api/v1/workspaces/1/contacts/4')).toHaveLength(1),
    );
    expect(requests(fetchMock, 'PUT', '/api/v1/workspaces/1/contacts/4')[0]?.body).toEqual({
      phone_number: '5521999998888',
      country_code: '55',
    });
  });

  it('OPP-070 PLAT-197 refuses a phone without area code (the field turns red) and an invalid e-mail', async () => {
    const fetchMock = stubFetch(api());
    renderApp('/contacts?contact_id=4');
    const modal = within(await screen.findByRole('dialog', { name: 'Maria Silva' }));
    await waitFor(() => expect(input(modal, 'Celular').value).toBe('(11) 98765-4321'));
    fireEvent.change(input(modal, 'Celular'), { target: { value: '98765-432' } });
    fireEvent.change(input(modal, 'E-mail'), { target: { value: 'maria@' } });
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    expect(await modal.findByText('O número precisa conter algum DDD')).toBeTruthy();
    expect(input(modal, 'Celular').getAttribute('aria-invalid')).toBe('true');
    expect(modal.getByText('E-mail inválido')).toBeTruthy();
    expect(requests(fetchMock, 'PUT', '/api/v1/workspaces/1/contacts/4')).toHaveLength(0);
  });
});
