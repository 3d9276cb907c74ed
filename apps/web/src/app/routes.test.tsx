import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import type { TokenResponse } from '@vendaval/core/schemas/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '../lib/session.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { type StubHandler, stubFetch } from '../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';

const adminAndRep = [
  { id: 1, name: 'Matriz Centro', role: 'admin' },
  { id: 2, name: 'Filial Norte', role: 'salesRep' },
];

function api(overrides: Record<string, StubHandler> = {}): StubHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = overrides[key];
    if (handler) return handler(url, init);
    if (key === 'GET /api/v1/platform') return { body: platformFixture() };
    if (key === 'GET /api/v1/auth/reset-password')
      return { body: { message: 'Link de redefinição válido.' } };
    if (key === 'GET /api/v1/users/self/workspaces') {
      return { body: { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } } };
    }
    const workspace = url.pathname.match(/^\/api\/v1\/workspaces\/(\d+)$/);
    if (workspace) {
      const found = adminAndRep.find((w) => w.id === Number(workspace[1]));
      return {
        body: { ...found, settings: { require_task_for_stage_change: true }, created_at: '2024-01-01' },
      };
    }
    return { status: 404, body: { status: 404, message: 'Não encontrado' } };
  };
}

function logIn(response: TokenResponse = tokenResponseFixture(adminAndRep)) {
  startSession(response);
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('routes and guards', () => {
  it("PLAT-034 PLAT-061 without a token a private route goes to /login, titled 'Entrar | CRM'", async () => {
    stubFetch(api());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Entrar | CRM'));
    expect(screen.getByLabelText('E-mail ou usuário')).toBeTruthy();
    expect(screen.getByLabelText('Senha')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toBeTruthy();
  });

  it('PLAT-035 PLAT-036 a stored token alone opens private routes and a public route sends to /', async () => {
    stubFetch(api());
    localStorage.setItem(STORAGE_KEYS.token, 'only-a-token');
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(document.title).toBe('Pipeline | CRM'));
  });

  it('PLAT-036 a logged-in user opening the password reset or an invitation goes to /', async () => {
    stubFetch(api());
    logIn();
    const { router } = renderApp('/password-reset?token=abc');
    // Wait for the screen, not only the router: the next navigation must start from a rendered '/'.
    expect(await screen.findByRole('heading', { name: 'Pipeline' })).toBeTruthy();
    await act(() => router.navigate('/user-invitations/xyz/validate'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Pipeline' })).toBeTruthy();
  });

  it('PLAT-037 PLAT-064 unknown paths redirect to /error/404, which anyone can open', async () => {
    stubFetch(api());
    const { router } = renderApp('/nao/existe');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error/404');
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toBeTruthy();
    logIn();
    await act(() => router.navigate('/error/404'));
    expect(router.state.location.pathname).toBe('/error/404');
  });

  it("PLAT-062 /password-reset is the login screen titled 'Resetar'", async () => {
    stubFetch(api());
    renderApp('/password-reset');
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Resetar | CRM'));
    expect(screen.getByRole('button', { name: 'Enviar link' })).toBeTruthy();
  });

  it('PLAT-229 the reset link sets a new password and points back to the login', async () => {
    const fetchMock = stubFetch(
      api({
        'PUT /api/v1/auth/reset-password': () => ({ body: { message: 'Senha alterada com sucesso!' } }),
      }),
    );
    renderApp('/password-reset?token=0123456789abcdef0123');
    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'Segura#2024' } });
    fireEvent.change(screen.getByLabelText('Confirmar senha'), { target: { value: 'Segura#2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o login' }).getAttribute('href')).toBe('/login');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/reset-password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      token: '0123456789abcdef0123',
      password: 'Segura#2024',
      password_confirmation: 'Segura#2024',
    });
  });

  it('a used reset link says so as the page opens, with no password form, and offers a new link', async () => {
    const fetchMock = stubFetch(
      api({
        'GET /api/v1/auth/reset-password': () => ({
          status: 400,
          body: {
            status: 400,
            message: MESSAGES.resetLinkUsed,
            errors: [{ field: 'token', description: MESSAGES.resetLinkUsed }],
          },
        }),
      }),
    );
    const { router } = renderApp('/password-reset?token=0123456789abcdef0123');
    expect(await screen.findByText(MESSAGES.resetLinkUsed)).toBeTruthy();
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
    const check = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/reset-password'));
    expect(new URL(String(check?.[0]), 'http://localhost').searchParams.get('token')).toBe(
      '0123456789abcdef0123',
    );
    expect(notifications.show).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Solicitar um novo link' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: 'Enviar link' })).toBeTruthy();
  });

  it('PLAT-199 the new password must follow the password rule and match its confirmation', async () => {
    stubFetch(api());
    renderApp('/password-reset?token=0123456789abcdef0123');
    fireEvent.change(await screen.findByLabelText('Nova senha'), { target: { value: 'fraca' } });
    fireEvent.change(screen.getByLabelText('Confirmar senha'), { target: { value: 'outra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText(/A senha deve ter no mínimo 8 caracteres/)).toBeTruthy();
  });

  it('PLAT-063 PLAT-228 the invitation shows workspace, inviter and role; accepting logs in and opens /', async () => {
    const fetchMock = stubFetch(
      api({
        'GET /api/v1/user-invitations/inv-1/validate': () => ({
          body: {
            id: 'inv-1',
            email: 'bia@example.com',
            role: 'manager',
            workspace: { id: 2, name: 'Filial Norte' },
            inviter_name: 'Carlos Lima',
            user_exists: false,
            expires_at: '2099-01-01T00:00:00Z',
          },
        }),
        'POST /api/v1/user-invitations/inv-1/fulfill': () => ({ body: tokenResponseFixture(adminAndRep) }),
      }),
    );
    const { router } = renderApp('/user-invitations/inv-1/validate');
    expect(await screen.findByText('Filial Norte')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Convite | CRM'));
    expect(screen.getAllByText('Carlos Lima').length).toBeGreaterThan(0);
    expect(screen.getByText('Gerente')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Bia Costa' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'Segura#2024' } });
    fireEvent.change(screen.getByLabelText('Confirmar senha'), { target: { value: 'Segura#2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-abc');
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBe('2');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/fulfill'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Bia Costa',
      password: 'Segura#2024',
      password_confirmation: 'Segura#2024',
    });
  });

  it('an invalid invitation is explained on the page, without the global toast', async () => {
    stubFetch(
      api({
        'GET /api/v1/user-invitations/old/validate': () => ({
          status: 410,
          body: { status: 410, message: 'Convite inválido ou expirado.' },
        }),
      }),
    );
    renderApp('/user-invitations/old/validate');
    expect(await screen.findByText('Convite inválido ou expirado.')).toBeTruthy();
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('login stores the session, picks the stored workspace and opens /', async () => {
    localStorage.setItem(STORAGE_KEYS.workspace, '2');
    const fetchMock = stubFetch(
      api({ 'POST /api/v1/auth/token': () => ({ body: tokenResponseFixture(adminAndRep) }) }),
    );
    const { router } = renderApp('/login');
    fireEvent.change(await screen.findByLabelText('E-mail ou usuário'), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'Segura#2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-abc');
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBe('2');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/token'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      username: 'ana@example.com',
      password: 'Segura#2024',
    });
    expect(await screen.findByText('Filial Norte')).toBeTruthy();
  });

  it('the login form explains empty fields in Portuguese', async () => {
    const fetchMock = stubFetch(api());
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o e-mail ou usuário')).toBeTruthy();
    expect(screen.getByText('Informe a senha')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/token'))).toBe(false);
  });

  it('PLAT-204 wrong credentials keep the user on /login with the server message', async () => {
    stubFetch(
      api({
        'POST /api/v1/auth/token': () => ({
          status: 400,
          body: { status: 400, message: 'E-mail/usuário ou senha incorretos.' },
        }),
      }),
    );
    const { router } = renderApp('/login');
    fireEvent.change(await screen.findByLabelText('E-mail ou usuário'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Informações falharam na verificação',
          message: 'E-mail/usuário ou senha incorretos.',
        }),
      ),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('PLAT-204 a 401 on a private screen logs the user out to /login', async () => {
    stubFetch(
      api({
        'GET /api/v1/workspaces/1/sales-stages': () => ({
          status: 401,
          body: { status: 401, message: 'Expirado' },
        }),
      }),
    );
    logIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Seu login expirou!' }));
  });

  it('PLAT-058 /logout revokes the token, forgets the session and goes to /login', async () => {
    const fetchMock = stubFetch(api({ 'POST /api/v1/auth/logout': () => ({ body: { message: 'ok' } }) }));
    logIn();
    const { router } = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/logout'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-abc');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBeNull();
  });

  it('session changes made elsewhere move the guards', async () => {
    stubFetch(api());
    logIn();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Pipeline' })).toBeTruthy();
    act(() => clearSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('home and menu', () => {
  it('PLAT-132 the pipeline at / names the current workspace', async () => {
    stubFetch(api());
    logIn();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Pipeline' })).toBeTruthy();
    expect((await screen.findAllByText('Matriz Centro')).length).toBeGreaterThan(0);
  });

  it("PLAT-146 only role admin sees 'Editar Listas'", async () => {
    stubFetch(api());
    logIn();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    expect(await screen.findByRole('link', { name: 'Editar Listas' })).toBeTruthy();
  });

  it("PLAT-146 a salesRep does not see 'Editar Listas'", async () => {
    stubFetch(api());
    logIn(tokenResponseFixture([{ id: 2, name: 'Filial Norte', role: 'salesRep' }]));
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    expect(await screen.findByRole('link', { name: 'Pipeline' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Editar Listas' })).toBeNull();
  });

  it('PLAT-070 PLAT-071 PLAT-033 on wide screens the menu is an icon rail, no header, and navigation collapses it', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('min-width: 64em'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    stubFetch(api());
    logIn();
    const { router, container } = renderApp('/');
    const expand = await screen.findByRole('button', { name: 'Expandir menu' });
    expect(container.querySelector('header')).toBeNull();
    expect(container.querySelector('footer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pipeline' }).textContent).toBe('');
    fireEvent.click(expand);
    expect(await screen.findByRole('button', { name: 'Recolher menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pipeline' }).textContent).toContain('Pipeline');
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('button', { name: 'Expandir menu' })).toBeTruthy();
  });

  it('PLAT-072 the skin choice is stored locally', async () => {
    stubFetch(api());
    logIn();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tema: Semi-escuro' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Escuro' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.skin)).toBe('dark'));
  });
});
