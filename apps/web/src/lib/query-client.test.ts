import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub.ts';
import { http } from './http.ts';
import { createQueryClient, PLATFORM_QUERY_KEY, resetUserQueries } from './query-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('query client', () => {
  it('PLAT-205 a failed query goes to the global error display', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    stubFetch(() => ({ status: 404, body: { status: 404, message: 'Workspace não encontrado' } }));
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: [1, 'workspace'], queryFn: () => http.get('/workspaces/1') })
      .catch(() => {});
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Recurso não encontrado', message: 'Workspace não encontrado' }),
    );
  });

  it('PLAT-205 a failed mutation goes to the global error display', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    stubFetch(() => ({ status: 400, body: { status: 400, message: 'E-mail/usuário ou senha incorretos.' } }));
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => http.post('/auth/token', { username: 'a', password: 'b' }),
    });
    await mutation.execute(undefined).catch(() => {});
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Informações falharam na verificação',
        message: 'E-mail/usuário ou senha incorretos.',
      }),
    );
  });

  it('a query or mutation may opt out of the global toast', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    stubFetch(() => ({ status: 410, body: { status: 410, message: 'Convite expirado' } }));
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['invitation', 'x'],
        queryFn: () => http.get('/x'),
        meta: { errorToast: false },
      })
      .catch(() => {});
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => http.post('/auth/logout'),
      meta: { errorToast: false },
    });
    await mutation.execute(undefined).catch(() => {});
    expect(show).not.toHaveBeenCalled();
  });

  it('client errors are not retried', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('id');
    const fetchMock = stubFetch(() => ({ status: 403, body: { status: 403, message: 'Não' } }));
    const client = createQueryClient();
    const query = client.fetchQuery({ queryKey: [1, 'x'], queryFn: () => http.get('/x'), retry: undefined });
    await query.catch(() => {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logging in or out forgets user data but keeps the platform', () => {
    const client = createQueryClient();
    client.setQueryData(PLATFORM_QUERY_KEY, { id: 1 });
    client.setQueryData([3, 'workspace'], { id: 3 });
    resetUserQueries(client);
    expect(client.getQueryData(PLATFORM_QUERY_KEY)).toEqual({ id: 1 });
    expect(client.getQueryData([3, 'workspace'])).toBeUndefined();
  });
});
