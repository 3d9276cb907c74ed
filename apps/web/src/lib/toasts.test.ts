import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub.ts';
import { ApiError, http } from './http.ts';
import {
  showErrorToasts,
  showSuccessToast,
  showWarningToast,
  TOAST_DURATION,
  toastsForError,
} from './toasts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The error the client raises for an answer, through the real client. */
async function errorFor(status: number, body?: unknown, raw?: string): Promise<unknown> {
  stubFetch(() => ({ status, body, raw }));
  return http.get('/anything').then(
    () => null,
    (e: unknown) => e,
  );
}

const TITLES: [string, number, string][] = [
  ['PLAT-212', 400, 'Informações falharam na verificação'],
  ['PLAT-213', 401, 'Seu login expirou!'],
  ['PLAT-214', 403, 'Você não tem permissão!'],
  ['PLAT-215', 404, 'Recurso não encontrado'],
  ['PLAT-216', 405, 'Método não usado'],
  ['PLAT-217', 408, 'Tempo de requsição esgotado'],
  ['PLAT-218', 409, 'Conflito com o servidor'],
  ['PLAT-219', 410, 'Conteúdo deletado no servidor'],
  ['PLAT-220', 413, 'Requisição muito grande!'],
  ['PLAT-221', 415, 'Formato de mídia não suportado'],
  ['PLAT-222', 429, 'Muitas requsições!'],
  ['PLAT-223', 500, 'Erro no servidor, contate um adiministrador!'],
  ['PLAT-224', 502, 'Conexão com servidor falhou!'],
  ['PLAT-225', 503, 'Serviço Indisponível'],
  ['PLAT-226', 504, 'Servidor não respondeu a tempo'],
];

describe('global error toasts', () => {
  it.each(TITLES)('%s HTTP %i is titled %s', async (_id, status, title) => {
    const error = await errorFor(status, { status, message: 'Mensagem do servidor' });
    expect(toastsForError(error)).toEqual([{ title, message: 'Mensagem do servidor' }]);
  });

  it("PLAT-209 uses the body's message and status", async () => {
    const error = await errorFor(400, { status: 404, message: 'Contato não encontrado' });
    expect(toastsForError(error)).toEqual([
      { title: 'Recurso não encontrado', message: 'Contato não encontrado' },
    ]);
  });

  it('PLAT-210 a missing body shows the unknown error for 3 s', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showErrorToasts(await errorFor(500, undefined, ''));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Erro Desconhecido',
        message: 'Algum erro desconhecido aconteceu.',
        autoClose: 3000,
      }),
    );
  });

  it('PLAT-210 a body without status, a network failure or any other error shows the unknown error', async () => {
    const unknown = [{ title: 'Erro Desconhecido', message: 'Algum erro desconhecido aconteceu.' }];
    expect(toastsForError(await errorFor(400, { message: 'sem status' }))).toEqual(unknown);
    expect(toastsForError(new ApiError(undefined, undefined))).toEqual(unknown);
    expect(toastsForError(new TypeError('boom'))).toEqual(unknown);
  });

  it("PLAT-211 several errors show one toast per error's description", async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const body = {
      status: 400,
      message: 'Dados inválidos.',
      errors: [
        { field: 'email', description: 'E-mail inválido' },
        { field: 'name', description: 'Informe seu nome' },
      ],
    };
    showErrorToasts(await errorFor(400, body));
    expect(show.mock.calls.map(([toast]) => [toast.title, toast.message])).toEqual([
      ['Informações falharam na verificação', 'E-mail inválido'],
      ['Informações falharam na verificação', 'Informe seu nome'],
    ]);
  });

  it('PLAT-205 error toasts are red and last 3 s', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showErrorToasts(await errorFor(403, { status: 403, message: 'Sem acesso' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Você não tem permissão!', autoClose: 3000 }),
    );
  });

  it('PLAT-181 success toasts last 1.5 s and warnings 2.5 s', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showSuccessToast('Salvo');
    showWarningToast('Cuidado');
    expect(show.mock.calls.map(([toast]) => toast.autoClose)).toEqual([1500, 2500]);
    expect(TOAST_DURATION).toMatchObject({ error: 3000, warning: 2500, success: 1500, notification: 5000 });
  });

  it('identical failures at the same time show a single toast', async () => {
    notifications.clean();
    const error = await errorFor(401, { status: 401, message: 'Sessão expirada' });
    showErrorToasts(error);
    showErrorToasts(error);
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    notifications.clean();
  });

  it('a cancelled request shows nothing', () => {
    expect(toastsForError(new DOMException('Aborted', 'AbortError'))).toEqual([]);
  });
});
