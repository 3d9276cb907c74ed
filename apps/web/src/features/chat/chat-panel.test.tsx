import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chatDayLabel } from '@vendaval/core/format';
import type { ChatMessage } from '@vendaval/core/schemas/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  toasts,
} from './chat-test-support.tsx';
import { ChatPanel } from './components/chat-panel.tsx';

const DAY = 86_400_000;
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

function chatApi(routes: Record<string, StubHandler> = {}, messages: ChatMessage[] = []): StubHandler {
  return workspaceApi({
    'GET /dialogs/31': () => ({ body: { data: dialogFixture() } }),
    'GET /dialogs/31/messages': () => messagesPage(messages),
    'POST /dialogs/31/messages': () => ({ body: { data: messageFixture() } }),
    'POST /dialogs/31/read': () => ({ body: {} }),
    'GET /bots': () => ({ body: { data: [botFixture()] } }),
    'GET /quick-answers': () => ({
      body: { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } },
    }),
    ...routes,
  });
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('chat view', () => {
  it('CHAT-001 CHAT-002 CHAT-003 CHAT-004 CHAT-005 CHAT-008 CHAT-009 messages by day under the room header, 20 a page', async () => {
    const old = '2025-01-10T13:05:00.000Z';
    const messages = [
      messageFixture({ sent_at: old, message: 'Mensagem antiga' }),
      messageFixture({ sent_at: at(DAY), message: 'De ontem' }),
      messageFixture({ sent_at: at(60_000), message: 'De hoje' }),
    ];
    const fetchMock = stubFetch(chatApi({}, messages));
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    expect(await screen.findByText('De hoje')).toBeTruthy();
    expect(screen.getByTestId('room-header').textContent).toBe('IMBOT · Sala #31 · Oportunidade #501');
    const labels = screen.getAllByTestId('day-label').map((l) => l.textContent);
    expect(labels).toEqual([chatDayLabel(old), 'Ontem', 'Hoje']);
    expect(labels[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(calls(fetchMock, 'GET', '/dialogs/31/messages')[0]?.query).toEqual({ limit: '20', offset: '0' });
    // One room that fits in a page has nothing older to load.
    expect(screen.queryByRole('button', { name: 'Carregar mensagens anteriores' })).toBeNull();
  });

  it('CHAT-010 CHAT-011 CHAT-012 CHAT-013 CHAT-014 CHAT-015 CHAT-016 CHAT-017 CHAT-019 every kind of message', async () => {
    const file = (mime: string, name: string) => ({ url: `/files/${name}`, mime, name });
    const original = messageFixture({ message: 'Qual o horário?' });
    const messages = [
      messageFixture({ file: file('image/webp', 'fig.webp'), message: null }),
      messageFixture({ file: file('video/mp4', 'aula.mp4'), message: null }),
      messageFixture({ is_deleted: true, message: 'apagada' }),
      messageFixture({
        sender: 'user',
        user: { name: 'Ana Souza' },
        error_message: 'Número inválido',
        message: 'Falhou',
      }),
      messageFixture({ sender: 'user', user: { name: 'Ana Souza' }, message: 'Às 19h', parent: original }),
      messageFixture({ sender: 'user', user: { name: 'Ana Souza' }, status: 'sent', message: 'um' }),
      messageFixture({ sender: 'bot', bot_name: 'IMBOT', status: 'Delivered', message: 'dois' }),
      messageFixture({ sender: 'user', user: { name: 'Ana Souza' }, status: 'Read', message: 'três' }),
      messageFixture({ file: file('image/jpeg', 'foto.jpg'), message: null }),
      messageFixture({ file: file('audio/ogg', 'voz.ogg'), message: null }),
      messageFixture({ file: file('application/pdf', 'contrato.pdf'), message: null }),
    ];
    stubFetch(chatApi({}, messages));
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    expect(await screen.findByText('Sticker ainda não suportado!')).toBeTruthy();
    expect(screen.getByText(/Vídeo ainda não suportado/)).toBeTruthy();
    expect(screen.getByText('Mensagem deletada para todos!')).toBeTruthy();
    expect(screen.queryByText('apagada')).toBeNull();
    expect(screen.getByRole('img', { name: 'Erro: Número inválido' })).toBeTruthy();
    const reply = screen.getByText('Às 19h').closest('[data-testid="message"]') as HTMLElement;
    expect(within(reply).getByTestId('message-parent').textContent).toContain('Qual o horário?');
    const statusOf = (text: string) =>
      within(screen.getByText(text).closest('[data-testid="message"]') as HTMLElement).getByRole('img');
    expect(statusOf('um').getAttribute('aria-label')).toBe('Enviada');
    expect(statusOf('dois').getAttribute('aria-label')).toBe('Entregue');
    expect(statusOf('três').getAttribute('aria-label')).toBe('Lida');
    expect(statusOf('três').style.color).toContain('blue');
    expect(screen.getByRole('img', { name: 'foto.jpg' }).getAttribute('src')).toBe('/files/foto.jpg');
    expect(document.querySelector('audio')?.getAttribute('src')).toBe('/files/voz.ogg');
    expect(screen.getByRole('link', { name: 'contrato.pdf' }).getAttribute('href')).toBe(
      '/files/contrato.pdf',
    );
  });

  it('CHAT-018 user text renders as text; links and e-mails become anchors', async () => {
    const messages = [
      messageFixture({ message: '<b>oi</b> veja https://exemplo.com.br ou mande para a@b.com' }),
    ];
    stubFetch(chatApi({}, messages));
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    expect(await screen.findByText(/<b>oi<\/b> veja/)).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://exemplo.com.br' }).getAttribute('href')).toBe(
      'https://exemplo.com.br/',
    );
    expect(screen.getByRole('link', { name: 'a@b.com' }).getAttribute('href')).toBe('mailto:a@b.com');
  });

  it('CHAT-006 CHAT-007 PLAT-240 the newest room comes first; its older pages, then the older rooms (asked with show_old_chats=true), load one after another', async () => {
    const newest = Array.from({ length: 20 }, (_, i) =>
      messageFixture({ message: `novo ${i}`, sent_at: at(1000 * (40 - i)) }),
    );
    const olderPage = [messageFixture({ message: 'mais antiga da sala 31', sent_at: at(DAY * 2) })];
    const roomBefore = [messageFixture({ dialog_id: 20, message: 'da sala 20', sent_at: at(DAY * 5) })];
    const current = { id: 31, bot_name: 'IMBOT', user_id: 7, closed_at: null };
    const older = { id: 20, bot_name: 'Robô antigo', user_id: 7, closed_at: '2025-01-01T00:00:00.000Z' };
    const fetchMock = stubFetch(
      chatApi({
        'GET /dialogs/31/messages': (url) =>
          url.searchParams.get('offset') === '0' ? messagesPage(newest, 21) : messagesPage(olderPage, 21, 20),
        'GET /dialogs/20/messages': () => messagesPage(roomBefore),
        'GET /opportunities/501': (url) => ({
          body: cardFixture({
            dialogs: url.searchParams.get('show_old_chats') === 'true' ? [current, older] : [current],
          }),
        }),
      }),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture({ dialogs: [current] })} />);
    expect(await screen.findByText('novo 19')).toBeTruthy();
    const loadEarlier = () =>
      fireEvent.click(screen.getByRole('button', { name: 'Carregar mensagens anteriores' }));
    // The older rooms are asked only once the newest one has been read to its start.
    expect(calls(fetchMock, 'GET', '/opportunities/501')).toHaveLength(0);
    loadEarlier();
    expect(await screen.findByText('mais antiga da sala 31')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/dialogs/31/messages').at(-1)?.query.offset).toBe('20');
    await waitFor(() => expect(calls(fetchMock, 'GET', '/opportunities/501')).toHaveLength(1));
    expect(screen.queryByText('da sala 20')).toBeNull();
    loadEarlier();
    expect(await screen.findByText('da sala 20')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/opportunities/501').map((c) => c.query)).toEqual([
      { show_old_chats: 'true' },
    ]);
    const headers = screen.getAllByTestId('room-header').map((h) => h.textContent);
    expect(headers).toEqual([
      'Robô antigo · Sala #20 · Oportunidade #501',
      'IMBOT · Sala #31 · Oportunidade #501',
    ]);
    // Nothing older is left: the button goes.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Carregar mensagens anteriores' })).toBeNull(),
    );
    expect(calls(fetchMock, 'GET', '/opportunities/501')).toHaveLength(1);
  });

  it('CHAT-093 CHAT-094 an open room is asked again every 5 s with offset 0, and no more once the chat is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch(chatApi({}, [messageFixture({ message: 'oi' })]));
    signInAs('manager');
    const view = renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await screen.findByText('oi');
    const polls = () => calls(fetchMock, 'GET', '/dialogs/31/messages');
    const before = polls().length;
    await vi.advanceTimersByTimeAsync(5100);
    await waitFor(() => expect(polls().length).toBe(before + 1));
    expect(polls().at(-1)?.query.offset).toBe('0');
    view.unmount();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(polls().length).toBe(before + 1);
  });

  it('CHAT-094 a closed room is not polled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch(
      chatApi(
        {
          'GET /dialogs/31': () => ({ body: { data: dialogFixture({ closed_at: '2025-03-01T00:00:00Z' }) } }),
        },
        [messageFixture({ message: 'oi' })],
      ),
    );
    signInAs('manager');
    const card = cardFixture({
      dialogs: [{ id: 31, bot_name: 'IMBOT', user_id: 7, closed_at: '2025-03-01T00:00:00Z' }],
    });
    renderWidget(<ChatPanel opportunity={card} />);
    await screen.findByText('oi');
    const before = calls(fetchMock, 'GET', '/dialogs/31/messages').length;
    await vi.advanceTimersByTimeAsync(11_000);
    expect(calls(fetchMock, 'GET', '/dialogs/31/messages').length).toBe(before);
  });

  it('an open room with unread messages is marked read', async () => {
    const fetchMock = stubFetch(
      chatApi({ 'GET /dialogs/31': () => ({ body: { data: dialogFixture({ unread_count: 2 }) } }) }, [
        messageFixture({ message: 'oi' }),
      ]),
    );
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/read')).toHaveLength(1));
  });
});

describe('input bar', () => {
  it('CHAT-025 CHAT-026 CHAT-028 record turns into send with text; Enter sends, Shift+Enter does not', async () => {
    const fetchMock = stubFetch(chatApi());
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    const box = await screen.findByPlaceholderText('Mensagem...');
    expect(screen.getByRole('button', { name: 'Emojis' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gravar áudio' })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Bom dia!' } });
    expect(screen.queryByRole('button', { name: 'Gravar áudio' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(1));
    const body = calls(fetchMock, 'POST', '/dialogs/31/messages')[0]?.body;
    expect(body).toEqual({
      dialog_id: 31,
      message_object: { message: 'Bom dia!', timestamp: expect.any(Number) },
    });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('message length: a counter near the 4096-character limit; past it the pt-BR limit shows and nothing is sent', async () => {
    const fetchMock = stubFetch(chatApi());
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    const box = await screen.findByPlaceholderText('Mensagem...');
    fireEvent.change(box, { target: { value: 'a'.repeat(3000) } });
    expect(screen.queryByText(/\/4096$/)).toBeNull();
    fireEvent.change(box, { target: { value: 'a'.repeat(4000) } });
    expect(screen.getByText('4000/4096')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'a'.repeat(5000) } });
    expect(screen.getByText('5000/4096')).toBeTruthy();
    expect(screen.getByText('O texto deve ter no máximo 4096 caracteres.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'a'.repeat(4096) } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(1));
  });

  it('CHAT-014 a reply names the message it answers', async () => {
    const question = messageFixture({ message: 'Qual o horário?' });
    const fetchMock = stubFetch(chatApi({}, [question]));
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await screen.findByText('Qual o horário?');
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect(screen.getByLabelText('Respondendo a mensagem').textContent).toContain('Qual o horário?');
    const box = screen.getByPlaceholderText('Mensagem...');
    fireEvent.change(box, { target: { value: 'Às 19h' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(1));
    expect(calls(fetchMock, 'POST', '/dialogs/31/messages')[0]?.body?.message_object).toEqual({
      message: 'Às 19h',
      parent_id: question.id,
      timestamp: expect.any(Number),
    });
    await waitFor(() => expect(screen.queryByLabelText('Respondendo a mensagem')).toBeNull());
  });

  it('CHAT-021 CHAT-027 a closed room offers Reabrir Sala and Mudar Canal; a card without rooms, Abrir Sala', async () => {
    stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({ body: { data: dialogFixture({ closed_at: '2025-03-01T00:00:00Z' }) } }),
      }),
    );
    signInAs('salesRep');
    const closed = cardFixture({
      dialogs: [{ id: 31, bot_name: 'IMBOT', user_id: 99, closed_at: '2025-03-01T00:00:00Z' }],
    });
    const view = renderWidget(<ChatPanel opportunity={closed} />);
    expect(await screen.findByRole('button', { name: 'Reabrir Sala' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mudar Canal' })).toBeTruthy();
    expect(screen.queryByPlaceholderText('Mensagem...')).toBeNull();
    view.unmount();
    renderWidget(<ChatPanel opportunity={cardFixture({ dialogs: [] })} />);
    expect(await screen.findByRole('button', { name: 'Abrir Sala' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reabrir Sala' })).toBeNull();
  });

  it('CHAT-022 CHAT-024 a salesRep in the open room of another attendant is warned and cannot write', async () => {
    stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({
          body: { data: dialogFixture({ user_id: 99, user_name: 'Bruno Barros' }) },
        }),
      }),
    );
    signInAs('salesRep');
    renderWidget(
      <ChatPanel
        opportunity={cardFixture({ dialogs: [{ id: 31, bot_name: 'IMBOT', user_id: 99, closed_at: null }] })}
      />,
    );
    expect(await screen.findByText('Aviso: A sala atual pertence ao atendente Bruno Barros')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Mensagem...')).toBeNull();
  });

  it('CHAT-023 a manager writes in the room of another attendant', async () => {
    stubFetch(
      chatApi({
        'GET /dialogs/31': () => ({
          body: { data: dialogFixture({ user_id: 99, user_name: 'Bruno Barros' }) },
        }),
      }),
    );
    signInAs('manager');
    renderWidget(
      <ChatPanel
        opportunity={cardFixture({ dialogs: [{ id: 31, bot_name: 'IMBOT', user_id: 99, closed_at: null }] })}
      />,
    );
    expect(await screen.findByPlaceholderText('Mensagem...')).toBeTruthy();
    expect(screen.queryByText(/Aviso: A sala atual/)).toBeNull();
  });
});

describe('files', () => {
  const fileOf = (name: string, size = 10) => {
    const file = new File(['conteudo'], name, { type: 'application/pdf' });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  };

  it('CHAT-031 CHAT-032 CHAT-033 more than 15 files warn and drop the extras; each file is one call; over 16 MB is refused', async () => {
    const fetchMock = stubFetch(chatApi());
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    await screen.findByPlaceholderText('Mensagem...');
    const input = screen.getByTestId('file-input');
    const files = Array.from({ length: 17 }, (_, i) => fileOf(`doc-${i}.pdf`));
    files[1] = fileOf('grande.pdf', 16 * 1024 * 1024 + 1);
    fireEvent.change(input, { target: { files } });
    await expectToast('Limite de arquivos!', 'Você só pode enviar até 15 arquivos por vez!');
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(14));
    expect(toasts()).toContain(
      'Arquivo muito grande!|grande.pdf: O arquivo excede o tamanho máximo de 16 MB e não foi enviado.',
    );
    const sent = calls(fetchMock, 'POST', '/dialogs/31/messages').map(
      (c) => c.body?.message_object as { file: { name: string; base64File: string } },
    );
    expect(sent[0]?.file.name).toBe('doc-0.pdf');
    expect(sent[0]?.file.base64File).toMatch(/^data:application\/pdf;base64,/);
    expect(sent.map((m) => m.file.name)).not.toContain('grande.pdf');
    expect(sent.map((m) => m.file.name)).not.toContain('doc-15.pdf');
  });

  it('CHAT-029 CHAT-030 dragging files over the chat shows the drop overlay with the 16 MB hint; dropping sends them', async () => {
    const fetchMock = stubFetch(chatApi());
    signInAs('manager');
    renderWidget(<ChatPanel opportunity={cardFixture()} />);
    const box = await screen.findByPlaceholderText('Mensagem...');
    const panel = box.closest('[class*="panel"]') as HTMLElement;
    fireEvent.dragOver(panel, { dataTransfer: { types: ['Files'], files: [] } });
    const overlay = await screen.findByTestId('drop-overlay');
    expect(overlay.textContent).toContain('Arraste Imagen, vídeo, documento ou áudio aqui');
    expect(overlay.textContent).toContain('16 MB');
    fireEvent.drop(panel, { dataTransfer: { types: ['Files'], files: [fileOf('a.pdf')] } });
    await waitFor(() => expect(calls(fetchMock, 'POST', '/dialogs/31/messages')).toHaveLength(1));
    expect(screen.queryByTestId('drop-overlay')).toBeNull();
  });
});
