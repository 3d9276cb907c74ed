import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const BASE = '/api/v1/workspaces/1';

const template = (overrides: Partial<MessageTemplate>): MessageTemplate => ({
  name: 'confirmacao_visita',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  bot_id: 8,
  bot_name: 'WhatsApp Oficial',
  rejected_reason: null,
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Olá, {{1}}!', example: { header_text: ['Ana'] } },
    { type: 'BODY', text: 'Sua visita é *{{1}}*.', example: { body_text: [['sexta']] } },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Remarcar' }] },
  ],
  ...overrides,
});

let refusal: { field: string; description: string } | null;

function api(url: URL, init: RequestInit): StubResponse {
  const key = `${init.method ?? 'GET'} ${url.pathname}`;
  if (key === 'GET /api/v1/platform') return { body: platformFixture() };
  if (key === `GET ${BASE}/bots`) {
    return {
      body: {
        data: [
          {
            id: 8,
            name: 'WhatsApp Oficial',
            channel: 'whatsapp_cloud',
            media_type: 'WhatsappWaba',
            is_whatsapp_business_connected: true,
            is_whatsapp_qr_code_connected: false,
            keep_bot_on_dialog: false,
          },
        ],
      },
    };
  }
  if (key === `GET ${BASE}/bots/8/meta-templates`) {
    return {
      body: {
        data: [
          template({}),
          template({
            name: 'oferta',
            status: 'REJECTED',
            category: 'MARKETING',
            rejected_reason: 'INCORRECT_CATEGORY',
          }),
        ],
      },
    };
  }
  if (key === `POST ${BASE}/bots/8/meta-templates`) {
    if (refusal)
      return { status: 400, body: { status: 400, message: refusal.description, errors: [refusal] } };
    return { body: template({ name: 'novo', status: 'PENDING' }) };
  }
  return { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
}

const signIn = (role: string) => startSession(tokenResponseFixture([{ id: 1, name: 'Escola Centro', role }]));

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  refusal = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/templates', () => {
  it("PLAT-053 a salesRep reads every template with Meta's status, reason and a WhatsApp preview, and cannot change them", async () => {
    signIn('salesRep');
    stubFetch(api);
    renderApp('/templates');
    expect(await screen.findByRole('heading', { name: 'Templates de mensagem' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Templates | CRM'));
    const cards = await screen.findAllByTestId('template-card');
    expect(cards).toHaveLength(2);
    const approved = within(cards[0] as HTMLElement);
    expect(approved.getByText('Aprovado')).toBeTruthy();
    expect(approved.getByText('Utilidade')).toBeTruthy();
    expect(approved.getByText('Português (Brasil)')).toBeTruthy();
    const bubble = approved.getByRole('figure', { name: 'Pré-visualização de confirmacao_visita' });
    expect(bubble.textContent).toContain('Olá, Ana!');
    expect(bubble.textContent).toContain('Sua visita é sexta.');
    expect(within(bubble).getByText('sexta').closest('strong')).toBeTruthy();
    expect(bubble.textContent).toContain('Remarcar');
    const rejected = within(cards[1] as HTMLElement);
    expect(rejected.getByText('Rejeitado')).toBeTruthy();
    expect(rejected.getByText('Categoria incorreta para o conteúdo (INCORRECT_CATEGORY)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sincronizar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Novo template' })).toBeNull();
  });

  it("PLAT-053 a manager's new template is checked in pt-BR before it goes, previewed, and the server's refusal shows under its field", async () => {
    signIn('manager');
    const fetchMock = stubFetch(api);
    renderApp('/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo template' }));
    const form = within(await screen.findByRole('dialog', { name: 'Novo template' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Boas Vindas' } });
    fireEvent.click(form.getByRole('button', { name: 'Enviar para aprovação' }));
    expect(await form.findByText(MESSAGES.templateNameFormat)).toBeTruthy();
    expect(form.getByText(MESSAGES.templateBodyRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(form.getByRole('textbox', { name: 'Nome' }), { target: { value: 'boas_vindas' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Corpo' }), {
      target: { value: 'Oi, {{1}}! Tudo bem?' },
    });
    fireEvent.change(form.getByRole('textbox', { name: 'Exemplo de {{1}}' }), { target: { value: 'Maria' } });
    expect(form.getByRole('figure', { name: 'Pré-visualização do novo template' }).textContent).toContain(
      'Oi, Maria! Tudo bem?',
    );
    refusal = { field: 'name', description: MESSAGES.templateExists };
    fireEvent.click(form.getByRole('button', { name: 'Enviar para aprovação' }));
    expect(await form.findByText(MESSAGES.templateExists)).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'boas_vindas',
      category: 'MARKETING',
      language: 'pt_BR',
      header: null,
      body: { text: 'Oi, {{1}}! Tudo bem?', examples: ['Maria'] },
      footer: null,
      buttons: [],
    });
  });
});
