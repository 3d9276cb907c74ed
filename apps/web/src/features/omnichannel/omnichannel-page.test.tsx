import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Conversation } from '@vendaval/core/schemas/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOpportunityModal } from '../../lib/opportunity-modal.ts';
import { type StubResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';
import {
  BASE,
  cardApi,
  opportunityFixture,
  requests,
  signIn,
} from '../opportunities/card-modal/test-support.tsx';
import { omniState } from './omnichannel-store.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

function conversation(id: number, name: string, overrides: Partial<Conversation> = {}): Conversation {
  return {
    id,
    closed_at: null,
    user_id: 7,
    user_name: 'Ana Souza',
    bot_id: 1,
    bot_name: 'Robô',
    media_type: 'WhatsappQrcode',
    keep_bot_on_dialog: false,
    opportunity: { id: 500 + id, name },
    phone_number: '5511987654321',
    last_message_at: '2026-03-10T11:55:00.000Z',
    unread_count: 0,
    created_at: '2026-03-01T12:00:00.000Z',
    sales_stage: { id: 3, name: 'Em atendimento', color: '12b886' },
    last_message: { message: 'Olá', sender: 'contact', file_mime: null, sent_at: '2026-03-10T11:55:00.000Z' },
    ...overrides,
  };
}

const CONVERSATIONS = [
  conversation(1, 'Maria - Inglês', {
    unread_count: 3,
    last_message: {
      message: 'Quero saber o preço',
      sender: 'contact',
      file_mime: null,
      sent_at: '2026-03-10T11:55:00.000Z',
    },
  }),
  conversation(2, 'João Pereira', {
    last_message_at: '2026-03-08T12:00:00.000Z',
    last_message: {
      message: null,
      sender: 'user',
      file_mime: 'audio/ogg',
      sent_at: '2026-03-08T12:00:00.000Z',
    },
  }),
];

const list = (data: Conversation[]): StubResponse => ({
  body: { data, pagination: { total_count: data.length, limit: 50, offset: 0 } },
});

function api(dialogs: (url: URL) => StubResponse = () => list(CONVERSATIONS)) {
  return cardApi({
    routes: {
      [`GET ${BASE}/dialogs`]: (url) => dialogs(url),
      [`GET ${BASE}/opportunities/501`]: () => ({ body: opportunityFixture({ id: 501 }) }),
      'GET /api/v1/users/self/workspaces': () => ({
        body: {
          data: [
            {
              id: 1,
              name: 'Escola Centro',
              role: 'manager',
              settings: {},
              created_at: '2024-01-01T00:00:00Z',
            },
          ],
          pagination: { total_count: 1, limit: 50, offset: 0 },
        },
      }),
    },
  });
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  localStorage.clear();
  signIn('manager');
});

afterEach(() => {
  closeOpportunityModal();
  omniState.fullReset();
  omniState.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/omnichannel', () => {
  it("PLAT-039 lists the conversations newest first, titled 'Omnichannel', with unread marks, the last message and its age", async () => {
    const fetchMock = stubFetch(api());
    renderApp('/omnichannel');
    const maria = await screen.findByRole('button', { name: 'Maria - Inglês, 3 não lidas' });
    await waitFor(() => expect(document.title).toBe('Omnichannel | CRM'));
    expect(within(maria).getByText('Quero saber o preço')).toBeTruthy();
    expect(within(maria).getByText('3')).toBeTruthy();
    expect(within(maria).getByText('5min')).toBeTruthy();
    const joao = screen.getByRole('button', { name: 'João Pereira' });
    expect(within(joao).getByText('Você: Áudio')).toBeTruthy();
    expect(within(joao).getByText('2d')).toBeTruthy();
    const names = screen
      .getAllByRole('button', { name: /Maria|João/ })
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Maria - Inglês, 3 não lidas', 'João Pereira']);
    const [first] = requests(fetchMock, 'GET', `${BASE}/dialogs`);
    expect(first?.query.get('has_chat')).toBe('true');
    expect(first?.query.get('dateType')).toBe('last_message_at');
  });

  it('PLAT-109 PLAT-107 the filter switches has_chat off; Limpar brings the defaults back', async () => {
    const fetchMock = stubFetch(api());
    renderApp('/omnichannel');
    await screen.findByRole('button', { name: /Maria - Inglês/ });
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const hasChat = await screen.findByRole('switch', { name: 'Somente com conversa' });
    expect((hasChat as HTMLInputElement).checked).toBe(true);
    fireEvent.click(hasChat);
    await waitFor(() =>
      expect(requests(fetchMock, 'GET', `${BASE}/dialogs`).at(-1)?.query.get('has_chat')).toBe('false'),
    );
    // jsdom never finishes Mantine's transitions, so the open dropdown counts as hidden.
    fireEvent.click(screen.getByRole('button', { name: 'Limpar', hidden: true }));
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: 'Somente com conversa', hidden: true }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
  });

  it('OPP-035 OPP-036 choosing a conversation opens its card beside the list with only the chat and the notes, on the chat', async () => {
    stubFetch(api());
    renderApp('/omnichannel');
    fireEvent.click(await screen.findByRole('button', { name: /Maria - Inglês/ }));
    const tabs = await screen.findByRole('tablist', { name: 'Seções da oportunidade' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.getAttribute('aria-label')),
    ).toEqual(['Chat', 'Observações']);
    expect(within(tabs).getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe('true');
    expect(omniState.get()).toMatchObject({ opportunityId: 501, chatId: 1 });
    expect(screen.getByRole('button', { name: /Maria - Inglês/ }).getAttribute('aria-current')).toBe('true');
    // The list stays usable beside the card.
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(omniState.get()).toMatchObject({ opportunityId: 0, chatId: 0 }));
  });

  it('search is sent to the list', async () => {
    const fetchMock = stubFetch(api());
    renderApp('/omnichannel');
    await screen.findByRole('button', { name: /Maria - Inglês/ });
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar conversa' }), { target: { value: 'joão' } });
    await waitFor(
      () => expect(requests(fetchMock, 'GET', `${BASE}/dialogs`).at(-1)?.query.get('search')).toBe('joão'),
      { timeout: 2000 },
    );
  });

  it('with no conversation the list says so', async () => {
    stubFetch(api(() => list([])));
    renderApp('/omnichannel');
    expect(await screen.findByText('Nenhuma conversa encontrada.')).toBeTruthy();
  });
});
