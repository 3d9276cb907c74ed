import { notifications } from '@mantine/notifications';
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openOpportunityModal, useOpportunityModalRequest } from '../../lib/opportunity-modal.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { renderWidget, signInAs, workspaceApi } from '../../ui/task-form/testing/render-widget.tsx';
import {
  botFixture,
  calls,
  cardFixture,
  dialogFixture,
  expectToast,
  messageFixture,
  messagesPage,
  templateFixture,
} from './chat-test-support.tsx';
import { ChatPanel } from './components/chat-panel.tsx';
import { RoomStatus } from './components/room-status.tsx';

const CLOSED = '2025-03-01T00:00:00.000Z';
const closedCard = () =>
  cardFixture({ dialogs: [{ id: 31, bot_name: 'IMBOT', user_id: 7, closed_at: CLOSED }] });
const official = botFixture({
  id: 4,
  name: 'Oficial',
  channel: 'whatsapp_cloud',
  media_type: 'WhatsappWaba',
  is_whatsapp_business_connected: true,
  is_whatsapp_qr_code_connected: false,
});

function chatApi(routes: Record<string, StubHandler> = {}): StubHandler {
  return workspaceApi({
    'GET /dialogs/31': () => ({ body: { data: dialogFixture({ closed_at: CLOSED }) } }),
    'GET /dialogs/31/messages': () => messagesPage([]),
    'GET /bots': () => ({ body: { data: [botFixture(), official] } }),
    'POST /dialogs': () => ({ body: { data: dialogFixture({ id: 32 }) } }),
    'GET /bots/4/meta-templates': () => ({ body: { data: [templateFixture()] } }),
    'GET /bots/4/meta-templates/boas_vindas': () => ({ body: templateFixture() }),
    ...routes,
  });
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('opening a room', () => {
  it('CHAT-041 CHAT-042 CHAT-043 CHAT-045 CHAT-046 CHAT-103 Iniciar conversa lists the bots; an empty message warns for 2.5 s; the room opens with the first message', async () => {
    const fetchMock = stubFetch(chatApi());
    signInAs('salesRep');
    renderWidget(<ChatPanel opportunity={cardFixture({ dialogs: [] })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir Sala' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Iniciar conversa' }));
    expect(await panel.findByRole('radio', { name: 'IMBOT' })).toBeTruthy();
    expect(panel.getByRole('radio', { name: 'Oficial' })).toBeTruthy();
    expect(panel.getByRole('radio', { name: 'Mensagem' })).toBeTruthy();
    expect(panel.getByRole('radio', { name: 'Template' })).toBeTruthy();
    fireEvent.click(panel.getByRole('button', { name: 'Abrir Sala' }));
    await expectToast('Mensagem vazia!', 'Digite uma mensagem para abrir a sala!');
    expect(vi.mocked(notifications.show).mock.calls.map(([t]) => [t.title, t.autoClose])).toContainEqual([
      'Mensagem vazia!',
      2500,
    ]);
    expect(calls(fetchMock, 'POST', '/dialogs')).toHaveLength(0);
    fireEvent.change(panel.getByRole('textbox', { name: 'Mensagem' }), { target: { value: 'Olá, Maria!' } });
    fireEvent.click(panel.getByRole('checkbox', { name: 'Manter Bot na conversa' }));
    fireEvent.click(panel.getByRole('button', { name: 'Abrir Sala' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs')).toHaveLength(1));
    expect(calls(fetchMock, 'POST', '/dialogs')[0]?.body).toEqual({
      bot_id: 3,
      bot_name: 'IMBOT',
      message: 'Olá, Maria!',
      keep_bot_on_dialog: true,
      opportunity_id: 501,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Iniciar conversa' })).toBeNull());
  });

  it('CHAT-046 while the room is being opened the panel takes no typing, so nothing typed there is lost when it closes', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    stubFetch(
      chatApi({
        'POST /dialogs': () => new Promise((resolve) => (answer = resolve)),
      }),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture({ dialogs: [] })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir Sala' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Iniciar conversa' }));
    await panel.findByRole('radio', { name: 'IMBOT' });
    const box = panel.getByRole('textbox', { name: 'Mensagem' });
    fireEvent.change(box, { target: { value: 'Olá, Maria!' } });
    fireEvent.click(panel.getByRole('button', { name: 'Abrir Sala' }));
    await waitFor(() => expect(box.matches(':disabled')).toBe(true));
    expect(panel.getByRole('checkbox', { name: 'Manter Bot na conversa' }).matches(':disabled')).toBe(true);
    answer({ body: { data: dialogFixture({ id: 32 }) } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Iniciar conversa' })).toBeNull());
  });

  it('CHAT-044 without bots the panel says so', async () => {
    stubFetch(chatApi({ 'GET /bots': () => ({ body: { data: [] } }) }));
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture({ dialogs: [] })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir Sala' }));
    expect(await screen.findByText('Nenhum Bot encontrado :(')).toBeTruthy();
    expect(screen.getByText('Você não possui nenhum Bot integrado ao QRCode.')).toBeTruthy();
  });

  it('CHAT-047 CHAT-071 CHAT-072 a room opened by template sends the media type, texts and the assembled template', async () => {
    const fetchMock = stubFetch(chatApi());
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={closedCard()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mudar Canal' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Iniciar conversa' }));
    fireEvent.click(await panel.findByRole('radio', { name: 'Oficial' }));
    fireEvent.click(panel.getByText('Template'));
    const select = await panel.findByRole('textbox', { name: 'Template' });
    await waitFor(() => expect(calls(fetchMock, 'GET', '/bots/4/meta-templates')).toHaveLength(1));
    fireEvent.click(select);
    fireEvent.click(await panel.findByRole('option', { name: 'boas_vindas (pt_BR)', hidden: true }));
    await waitFor(() =>
      expect(calls(fetchMock, 'GET', '/bots/4/meta-templates/boas_vindas')).toHaveLength(1),
    );
    fireEvent.click(await panel.findByRole('button', { name: 'Preencher template' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Enviar Template' }));
    const fill = (label: string, value: string) =>
      fireEvent.change(modal.getByRole('textbox', { name: label }), { target: { value } });
    fill('Header {{1}}', 'Maria');
    fill('Body {{1}}', 'Inglês');
    fill('Body {{2}}', 'R$ 349,50');
    fill('Cupom (Copiar cupom)', 'PROMO2025');
    fill('Ver site {{1}}', 'ingles');
    fireEvent.click(modal.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs')).toHaveLength(1));
    expect(calls(fetchMock, 'POST', '/dialogs')[0]?.body).toEqual({
      bot_id: 4,
      bot_name: 'Oficial',
      keep_bot_on_dialog: false,
      media_type: 'WhatsappWaba',
      header: 'Olá Maria',
      message: 'Seu curso Inglês custa R$ 349,50.',
      footer: 'Equipe Vendaval',
      opportunity_id: 501,
      template: {
        name: 'boas_vindas',
        language: 'pt_BR',
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Maria' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Inglês' },
              { type: 'text', text: 'R$ 349,50' },
            ],
          },
          {
            type: 'button',
            sub_type: 'copy_code',
            index: 0,
            parameters: [{ type: 'coupon_code', coupon_code: 'PROMO2025' }],
          },
          { type: 'button', sub_type: 'url', index: 1, parameters: [{ type: 'text', text: 'ingles' }] },
        ],
      },
    });
  });
});

describe('reopening a room', () => {
  it('CHAT-048 reopening sends the room and the card', async () => {
    const fetchMock = stubFetch(
      chatApi({ 'POST /dialogs/31/open': () => ({ body: { data: dialogFixture() } }) }),
    );
    signInAs('salesRep');
    renderWidget(<ChatPanel opportunity={closedCard()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reabrir Sala' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/open')).toHaveLength(1));
    expect(calls(fetchMock, 'POST', '/dialogs/31/open')[0]?.body).toEqual({
      dialog_id: 31,
      opportunity_id: 501,
    });
  });

  it('CHAT-049 CHAT-103 a failed reopen shows Sala não reaberta! for 3 s', async () => {
    stubFetch(
      chatApi({
        'POST /dialogs/31/open': () => ({
          status: 409,
          body: { status: 409, message: 'Há outra sala aberta.' },
        }),
      }),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={closedCard()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reabrir Sala' }));
    await expectToast(
      'Sala não reaberta!',
      'Ocorreu um erro ao reabrir a sala! Verifique se já não existe outra mais recente aberta.',
    );
    expect(vi.mocked(notifications.show).mock.calls.map(([t]) => [t.title, t.autoClose])).toContainEqual([
      'Sala não reaberta!',
      3000,
    ]);
  });

  it('CHAT-050 a WhatsApp Business refusal opens a new room by template instead', async () => {
    stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({
          body: { data: dialogFixture({ closed_at: CLOSED, bot_id: 4, bot_name: 'Oficial' }) },
        }),
        'POST /dialogs/31/open': () => ({
          status: 422,
          body: { status: 422, message: 'Fora da janela de 24 horas do WhatsApp Business: use um template.' },
        }),
      }),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={closedCard()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reabrir Sala' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Iniciar conversa' }));
    await waitFor(async () =>
      expect(((await panel.findByRole('radio', { name: 'Oficial' })) as HTMLInputElement).checked).toBe(true),
    );
    expect(await panel.findByRole('textbox', { name: 'Template' })).toBeTruthy();
  });
});

describe('quick answers', () => {
  const answers = [
    {
      id: 1,
      shortcut: '/saudacao',
      content: 'Olá {{cliente}}, aqui é {{atendente}} sobre {{produto}} em {{cidade}}.',
    },
    { id: 2, shortcut: '/retorno', content: 'Retorno amanhã.' },
  ];
  const openApi = (data = answers) =>
    chatApi({
      'GET /dialogs/31': () => ({ body: { data: dialogFixture() } }),
      'GET /quick-answers': () => ({
        body: { data, pagination: { total_count: data.length, limit: 500, offset: 0 } },
      }),
    });

  it('CHAT-053 CHAT-055 CHAT-056 CHAT-058 typing / filters by shortcut; choosing inserts the content with the card values', async () => {
    const fetchMock = stubFetch(openApi());
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    const box = await screen.findByPlaceholderText('Mensagem...');
    fireEvent.change(box, { target: { value: '/sau' } });
    const panel = within(await screen.findByRole('dialog', { name: 'Respostas Rápidas' }));
    expect(await panel.findByRole('listitem', { name: '/saudacao' })).toBeTruthy();
    expect(panel.queryByRole('listitem', { name: '/retorno' })).toBeNull();
    expect(calls(fetchMock, 'GET', '/quick-answers')[0]?.query).toEqual({ limit: '500' });
    fireEvent.click(panel.getByRole('listitem', { name: '/saudacao' }));
    expect((box as HTMLTextAreaElement).value).toBe(
      'Olá Maria Oliveira, aqui é Ana Souza sobre Curso de Inglês em São Paulo.',
    );
    expect(screen.queryByRole('dialog', { name: 'Respostas Rápidas' })).toBeNull();
  });

  it('CHAT-053 CHAT-055 what is typed right after sending survives the slow refresh of the room: /sau keeps its quick answers', async () => {
    // The omnichannel journey's failure: the messages refetch that follows a send answered late, and the
    // send's answer then emptied the box, '/sau' and its panel with it.
    let releaseRefetch = () => {};
    const slowRefetch = new Promise<void>((resolve) => {
      releaseRefetch = resolve;
    });
    let sent = false;
    const fetchMock = stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({ body: { data: dialogFixture() } }),
        'GET /dialogs/31/messages': async () => {
          if (!sent) return messagesPage([]);
          await slowRefetch;
          return messagesPage([messageFixture({ sender: 'user', message: 'Oi! Temos bolsas.' })]);
        },
        'POST /dialogs/31/messages': () => {
          sent = true;
          return { body: { data: messageFixture() } };
        },
        'GET /quick-answers': () => ({
          body: { data: answers, pagination: { total_count: 2, limit: 500, offset: 0 } },
        }),
      }),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    const box = (await screen.findByPlaceholderText('Mensagem...')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Oi! Temos bolsas.' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(1));
    fireEvent.change(box, { target: { value: '/sau' } });
    const panel = within(await screen.findByRole('dialog', { name: 'Respostas Rápidas' }));
    expect(await panel.findByRole('listitem', { name: '/saudacao' })).toBeTruthy();
    releaseRefetch();
    expect(await screen.findByText('Oi! Temos bolsas.')).toBeTruthy();
    expect(box.value).toBe('/sau');
    expect(screen.getByRole('dialog', { name: 'Respostas Rápidas' })).toBeTruthy();
  });

  it('CHAT-025 a message the server refuses comes back to the box, unless something new was typed', async () => {
    stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({ body: { data: dialogFixture() } }),
        'POST /dialogs/31/messages': () => ({ status: 422, body: { status: 422, message: 'Recusada' } }),
      }),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    const box = (await screen.findByPlaceholderText('Mensagem...')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Não se perde' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe('Não se perde'));
  });

  it('CHAT-054 without quick answers the panel says so', async () => {
    stubFetch(openApi([]));
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Respostas Rápidas' }));
    expect(await screen.findByText('Nenhuma mensagem rápida encontrada.')).toBeTruthy();
  });
});

describe('deleting a message', () => {
  const HOUR = 3_600_000;
  const mine = (overrides = {}) =>
    messageFixture({ sender: 'user', user: { name: 'Ana Souza' }, remote_id: 'wamid.X', ...overrides });

  it('CHAT-087 CHAT-091 CHAT-092 a confirmed deletion names the remote id and room, then thanks', async () => {
    const fetchMock = stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({ body: { data: dialogFixture() } }),
        'GET /dialogs/31/messages': () => messagesPage([mine({ message: 'apagar isto' })]),
        'DELETE /dialogs/31/messages/wamid.X': () => ({ body: { data: { success: true } } }),
      }),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await screen.findByText('apagar isto');
    fireEvent.click(screen.getByRole('button', { name: 'Excluir mensagem' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Excluir mensagem' }));
    expect(confirm.getByText('Você deseja excluir essa mensagem?')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Excluir' }));
    await expectToast('Sucesso', 'Mensagem excluída com sucesso!');
    expect(calls(fetchMock, 'DELETE', '/dialogs/31/messages/wamid.X')).toHaveLength(1);
  });

  it('CHAT-088 CHAT-089 CHAT-090 only recent user or bot messages of QR-code rooms offer deletion', async () => {
    const waba = {
      id: 31,
      bot_name: 'IMBOT',
      media_type: 'WhatsappWaba' as const,
      closed_at: null,
      opportunity_id: 501,
    };
    stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({ body: { data: dialogFixture() } }),
        'GET /dialogs/31/messages': () =>
          messagesPage([
            mine({ message: 'recente' }),
            messageFixture({ sender: 'bot', bot_name: 'IMBOT', message: 'do bot' }),
            messageFixture({ sender: 'contact', message: 'do contato' }),
            mine({ message: 'antiga', sent_at: new Date(Date.now() - 49 * HOUR).toISOString() }),
            mine({ message: 'oficial', dialog: waba }),
          ]),
      }),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await screen.findByText('recente');
    const deletable = (text: string) =>
      within(screen.getByText(text).closest('[data-testid="message"]') as HTMLElement).queryByRole('button', {
        name: 'Excluir mensagem',
      }) !== null;
    expect(deletable('recente')).toBe(true);
    expect(deletable('do bot')).toBe(true);
    expect(deletable('do contato')).toBe(false);
    expect(deletable('antiga')).toBe(false);
    expect(deletable('oficial')).toBe(false);
  });
});

describe('closing a room from the header', () => {
  it('OPP-139 OPP-142 the close-room button shows for an open room the user may close; Aviso! confirms; Sala fechada!', async () => {
    const fetchMock = stubFetch(
      chatApi({ 'POST /dialogs/31/close': () => ({ body: { data: dialogFixture({ closed_at: CLOSED }) } }) }),
    );
    signInAs('manager');
    renderWidget(<RoomStatus opportunity={cardFixture()} />);
    expect(screen.getByText('IMBOT · Sala: #31 | Status: Aberta')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar sala' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Aviso!' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Fechar sala' }));
    await expectToast('Sala fechada!', 'Sala do IMBOT fechada com sucesso!');
    expect(calls(fetchMock, 'POST', '/dialogs/31/close')).toHaveLength(1);
  });

  it('OPP-145 once the room is closed its data is read again, and the card modal closes 1.5 s later', async () => {
    const fetchMock = stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({ body: { data: dialogFixture() } }),
        'POST /dialogs/31/close': () => ({ body: { data: dialogFixture({ closed_at: CLOSED }) } }),
      }),
    );
    signInAs('manager');
    openOpportunityModal({ id: 502, tab: 'chat' });
    const modal = renderHook(() => useOpportunityModalRequest());
    const card = cardFixture({ id: 502 });
    renderWidget(
      <>
        <RoomStatus opportunity={card} />
        <ChatPanel opportunity={card} />
      </>,
    );
    await waitFor(() => expect(calls(fetchMock, 'GET', '/dialogs/31')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Fechar sala' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Aviso!' }));
    // A lower bound only: a busy machine can make the wait longer, never shorter.
    const confirmedAt = Date.now();
    fireEvent.click(confirm.getByRole('button', { name: 'Fechar sala' }));
    await expectToast('Sala fechada!', 'Sala do IMBOT fechada com sucesso!');
    await waitFor(() => expect(calls(fetchMock, 'GET', '/dialogs/31')).toHaveLength(2));
    expect(modal.result.current).toMatchObject({ id: 502 });
    await waitFor(() => expect(modal.result.current).toBeNull(), { timeout: 5000 });
    expect(Date.now() - confirmedAt).toBeGreaterThanOrEqual(1500);
  });

  it('OPP-139 a salesRep cannot close the room of another attendant, and a closed room has no button', async () => {
    stubFetch(chatApi());
    signInAs('salesRep');
    const view = renderWidget(
      <RoomStatus
        opportunity={cardFixture({ dialogs: [{ id: 31, bot_name: 'IMBOT', user_id: 99, closed_at: null }] })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Fechar sala' })).toBeNull();
    view.unmount();
    renderWidget(<RoomStatus opportunity={closedCard()} />);
    expect(screen.getByText('IMBOT · Sala: #31 | Status: Fechada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fechar sala' })).toBeNull();
  });
});
