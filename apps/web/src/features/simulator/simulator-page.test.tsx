import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SimulatorMessage } from '@vendaval/core/schemas/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const BASE = '/api/v1/workspaces/1';

const message = (id: number, overrides: Partial<SimulatorMessage>): SimulatorMessage => ({
  id,
  from_contact: false,
  message: null,
  file: null,
  status: 'Delivered',
  is_deleted: false,
  sent_at: '2026-03-10T12:00:00.000Z',
  author: 'Assistente Virtual',
  ...overrides,
});

let thread: SimulatorMessage[];

function api(extra: Record<string, (url: URL, init: RequestInit) => StubResponse> = {}) {
  return (url: URL, init: RequestInit): StubResponse => {
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = extra[key];
    if (handler) return handler(url, init);
    if (key === 'GET /api/v1/platform') return { body: platformFixture() };
    if (key === `GET ${BASE}/bots`) {
      return {
        body: {
          data: [
            {
              id: 4,
              name: 'Robô WABA',
              channel: 'whatsapp_cloud',
              media_type: 'WhatsappWaba',
              is_whatsapp_business_connected: true,
              is_whatsapp_qr_code_connected: false,
              keep_bot_on_dialog: false,
            },
            {
              id: 5,
              name: 'Assistente Virtual',
              channel: 'sandbox',
              media_type: 'WhatsappQrcode',
              is_whatsapp_business_connected: false,
              is_whatsapp_qr_code_connected: true,
              keep_bot_on_dialog: true,
            },
          ],
        },
      };
    }
    if (key === `GET ${BASE}/simulator/conversations`) return { body: { data: thread } };
    if (key === `POST ${BASE}/simulator/read`) {
      thread = thread.map((m) => (m.from_contact ? m : { ...m, status: 'Read' }));
      return { body: { data: thread } };
    }
    if (key === `POST ${BASE}/simulator/messages`) {
      const body = JSON.parse(String(init.body));
      thread = [...thread, message(99, { from_contact: true, message: body.message, author: null })];
      return { body: { data: thread } };
    }
    return { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
  };
}

const signIn = (role: string) => startSession(tokenResponseFixture([{ id: 1, name: 'Escola Centro', role }]));
const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([u, i]) => (i?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path)
    .map(([u, i]) => ({
      url: new URL(String(u), 'http://x'),
      body: i?.body ? JSON.parse(String(i.body)) : undefined,
    }));

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  thread = [
    message(1, { from_contact: true, message: 'Oi', author: null, status: 'Delivered' }),
    message(2, { message: 'Olá! Como posso ajudar?', status: 'Delivered' }),
  ];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/simulator', () => {
  it("CHAT-015 CHAT-016 CHAT-017 a manager plays the contact's phone on a sandbox bot: bubbles, ticks, and reading turns them blue", async () => {
    signIn('manager');
    const fetchMock = stubFetch(api());
    renderApp('/simulator');
    expect(await screen.findByRole('heading', { name: 'Simulador de cliente' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Simulador de cliente | CRM'));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Funcionário digital' }) as HTMLInputElement).value).toBe(
        'Assistente Virtual',
      ),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Telefone do cliente' }), {
      target: { value: '(11) 95555-0001' },
    });
    const phone = screen.getByRole('region', { name: 'Celular do cliente' });
    expect(await within(phone).findByText('Olá! Como posso ajudar?')).toBeTruthy();
    await waitFor(() => expect(within(phone).getAllByLabelText('Lida')).toHaveLength(1));
    expect(within(phone).getByLabelText('Entregue')).toBeTruthy();
    const [read] = calls(fetchMock, 'POST', `${BASE}/simulator/read`);
    expect(read?.body).toEqual({ bot_id: 5, phone_number: '5511955550001' });
    const [view] = calls(fetchMock, 'GET', `${BASE}/simulator/conversations`);
    expect(view?.url.searchParams.get('bot_id')).toBe('5');

    fireEvent.change(screen.getByRole('textbox', { name: 'Nome do cliente' }), {
      target: { value: 'Marta' },
    });
    fireEvent.change(within(phone).getByRole('textbox', { name: 'Mensagem do cliente' }), {
      target: { value: 'Quero saber o preço' },
    });
    fireEvent.click(within(phone).getByRole('button', { name: 'Enviar' }));
    expect(await within(phone).findByText('Quero saber o preço')).toBeTruthy();
    expect(calls(fetchMock, 'POST', `${BASE}/simulator/messages`)[0]?.body).toEqual({
      bot_id: 5,
      phone_number: '5511955550001',
      name: 'Marta',
      message: 'Quero saber o preço',
    });
  });

  it('a salesRep neither sees it in the menu nor opens it', async () => {
    signIn('salesRep');
    stubFetch(api());
    const { router } = renderApp('/simulator');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    await screen.findByRole('link', { name: 'Pipeline' });
    expect(screen.queryByRole('link', { name: 'Simulador de cliente' })).toBeNull();
  });
});
