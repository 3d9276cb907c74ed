import { describe, expect, it } from 'vitest';
import {
  ERROR_TITLES,
  errorTitle,
  errorToasts,
  MESSAGES,
  SUCCESS_MESSAGES,
  TOASTS,
  UNKNOWN_ERROR,
} from './messages.ts';

describe('error titles', () => {
  it.each([
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
  ])('%s error toast title for HTTP %i is %s', (_id, status, title) => {
    expect(ERROR_TITLES[status]).toBe(title);
    expect(errorTitle(status)).toBe(title);
  });

  it('PLAT-209 the other listed statuses have their own pt-BR titles', () => {
    const others = [
      406, 407, 411, 412, 414, 416, 417, 418, 425, 426, 428, 431, 451, 501, 505, 506, 507, 508, 510, 511,
    ];
    for (const status of others) {
      expect(ERROR_TITLES[status], String(status)).toMatch(/\S/);
      expect(errorTitle(status)).not.toBe(UNKNOWN_ERROR.title);
    }
    expect(new Set(Object.values(ERROR_TITLES)).size).toBe(Object.keys(ERROR_TITLES).length);
  });

  it("PLAT-210 a missing or unlisted status is titled 'Erro Desconhecido'", () => {
    expect(errorTitle(undefined)).toBe('Erro Desconhecido');
    expect(errorTitle(null)).toBe('Erro Desconhecido');
    expect(errorTitle(499)).toBe('Erro Desconhecido');
  });
});

describe('error toasts', () => {
  it("PLAT-210 a missing body or status shows 'Algum erro desconhecido aconteceu.' titled 'Erro Desconhecido'", () => {
    const unknown = { title: 'Erro Desconhecido', message: 'Algum erro desconhecido aconteceu.' };
    expect(UNKNOWN_ERROR).toEqual(unknown);
    expect(errorToasts(undefined)).toEqual([unknown]);
    expect(errorToasts('Bad Gateway')).toEqual([unknown]);
    expect(errorToasts({ message: 'Sem status' })).toEqual([unknown]);
    expect(errorToasts({ status: 500 })).toEqual([unknown]);
  });

  it("PLAT-209 the toast uses the body's message under the title of its status", () => {
    expect(errorToasts({ status: 403, message: 'Você não tem permissão para esta ação.' })).toEqual([
      { title: 'Você não tem permissão!', message: 'Você não tem permissão para esta ação.' },
    ]);
  });

  it("PLAT-211 several errors give one toast per error's description", () => {
    const body = {
      status: 400,
      message: 'Dados inválidos.',
      errors: [
        { field: 'email', description: 'E-mail inválido' },
        { field: 'name', description: 'Este campo é obrigatório' },
      ],
    };
    expect(errorToasts(body)).toEqual([
      { title: 'Informações falharam na verificação', message: 'E-mail inválido' },
      { title: 'Informações falharam na verificação', message: 'Este campo é obrigatório' },
    ]);
  });
});

describe('server messages', () => {
  it('PLAT-209 server messages are pt-BR texts the toast can show', () => {
    expect(MESSAGES.invalidCredentials).toBe('E-mail/usuário ou senha incorretos.');
    expect(MESSAGES.unknownField('user_id')).toBe('Campo não permitido: user_id');
    expect(MESSAGES.resetRequested).toBe(
      'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
    );
    expect(MESSAGES.databaseDown).toBe('Banco de dados indisponível.');
  });

  it('OPP-119 the closed-opportunity transfer refusal carries the server text the client recognises', () => {
    expect(MESSAGES.opportunityAlreadyClosed).toBe('This Opportunity is already closed.');
    expect(TOASTS.opportunityClosed).toEqual({
      title: 'Oportunidade Fechada',
      message: 'Oportunidades fechadas não podem ser transferidas',
    });
  });

  it('OPP-090 OPP-097 OPP-114 OPP-115 rule messages are quoted exactly', () => {
    expect(MESSAGES.noTaskForStageChange).toBe(
      'Uma oportunidade deve ter ao menos uma tarefa para poder mudar de etapa!',
    );
    expect(MESSAGES.wonRequiresProductAndPrice).toBe(
      'O campo "Produto" e "Preço" são obrigatórios para a conclusão da oportunidade como "Ganha".',
    );
    expect(MESSAGES.stageRequired).toBe('Você deve escolher uma etapa!');
    expect(MESSAGES.responsibleRequired).toBe('Você deve escolher algum responsável!');
  });
});

describe('quoted toasts', () => {
  it("PLAT-170 PLAT-172 phone start failures are titled 'Algo deu errado!'", () => {
    expect(TOASTS.queueStartFailed).toEqual({
      title: 'Algo deu errado!',
      message: 'Não conseguimos iniciar sua fila de ligações, tente mais tarde ou contate o suporte.',
    });
    expect(TOASTS.singleCallFailed.message).toBe(
      'Não conseguimos iniciar sua chamada, tente mais tarde ou contate o suporte.',
    );
  });

  it('PLAT-173 PLAT-185 lost connection and unroutable notification texts', () => {
    expect(TOASTS.phoneConnectionLost).toEqual({
      title: 'Perda de conexão!',
      message: 'Conexão com a telefonia perdida!.',
    });
    expect(TOASTS.notificationUnroutable).toEqual({
      title: 'Notificação não direcionável!',
      message: 'Não é possível ser direcionado para a origem dessa notificação.',
    });
  });

  it('OPP-090 OPP-097 OPP-220 OPP-078 OPP-074 OPP-235 opportunity warnings', () => {
    expect(TOASTS.noTask.title).toBe('Oportunidade sem tarefa!');
    expect(TOASTS.wonWithoutProductAndPrice.title).toBe('Oportunidade sem Produto e Valor!');
    expect(TOASTS.taskNotRoutable).toEqual({
      title: 'Tarefa não direcionavel!',
      message: 'Esta tarefa não é direcionável!',
    });
    expect(TOASTS.fieldLocked.message).toBe('Este campo está bloqueado por se tratar de um card externo');
    expect(TOASTS.descriptionLimit).toEqual({
      title: 'Limite da Descrição alcançado!',
      message: 'O limite de caracteres do campo de descrição é de 10.000 caracteres.',
    });
    expect(TOASTS.voipNoCredentials).toEqual({
      title: 'Usuário sem acesso',
      message: 'Usuário sem credenciais de VoIP neste workspace',
    });
  });

  it('OPP-127 OPP-144 OPP-197 copy, room-closed and task-saved successes', () => {
    expect(TOASTS.copied).toEqual({ title: 'Sucesso', message: 'Copiado com sucesso!' });
    expect(TOASTS.roomClosed).toEqual({
      title: 'Sala fechada!',
      message: 'Sala do IMBOT fechada com sucesso!',
    });
    expect(TOASTS.taskSaved).toEqual({ title: 'Tarefa salva!', message: 'Tarefa salva com sucesso' });
  });

  it('CHAT-039 CHAT-040 CHAT-045 CHAT-049 chat warnings', () => {
    expect(TOASTS.microphoneDenied).toEqual({
      title: 'Acesso ao microfone negado!',
      message: 'Algumas funções do sistema precisam de acesso ao microfone para funcionar!',
    });
    expect(TOASTS.recordingDenied.title).toBe('Permissão negada!');
    expect(TOASTS.emptyMessage).toEqual({
      title: 'Mensagem vazia!',
      message: 'Digite uma mensagem para abrir a sala!',
    });
    expect(TOASTS.roomNotReopened.title).toBe('Sala não reaberta!');
    expect(MESSAGES.tooManyFiles).toBe('Você só pode enviar até 15 arquivos por vez!');
  });

  it('OPP-193 OPP-194 OPP-195 OPP-196 OPP-048 OPP-049 CHAT-092 success texts', () => {
    expect(SUCCESS_MESSAGES).toMatchObject({
      registryCreated: 'Registro criado com sucesso!',
      registryUpdated: 'Registro atualizado com sucesso!',
      scheduleCreated: 'Agendamento criado com sucesso!',
      scheduleUpdated: 'Agendamento atualizado com sucesso!',
      taskCompleted: 'Tarefa concluída com sucesso!',
      taskDeleted: 'Tarefa deletada com sucesso!',
      descriptionSaved: 'Descrição salva com sucesso!',
      descriptionDeleted: 'Descrição deletada com sucesso!',
      messageDeleted: 'Mensagem excluída com sucesso!',
    });
  });
});
