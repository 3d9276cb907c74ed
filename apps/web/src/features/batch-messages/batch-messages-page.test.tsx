import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import type { BatchMessage } from '@vendaval/core/schemas/batch-messages';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { emptyLayoutStub, platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const BASE = '/api/v1/workspaces/1';
const page = <T,>(data: T[]) => ({ data, pagination: { total_count: data.length, limit: 500, offset: 0 } });

const batch = (overrides: Partial<BatchMessage>): BatchMessage => ({
  id: 1,
  title: 'Matrículas de março',
  bot_id: 5,
  bot_name: 'Assistente Virtual',
  template_name: 'boas_vindas',
  status: 'running',
  total: 10,
  sent: 4,
  failed: 1,
  skipped: 0,
  user_id: 1,
  created_at: '2026-03-10T12:00:00.000Z',
  finished_at: null,
  ...overrides,
});

const template: MessageTemplate = {
  name: 'boas_vindas',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'MARKETING',
  bot_id: 5,
  bot_name: 'Assistente Virtual',
  components: [{ type: 'BODY', text: 'Olá {{1}}, bem-vindo!' }],
  rejected_reason: null,
};

let batches: BatchMessage[];

/** A refusal the server's preview answers with (an unknown variable…), or none. */
let refusal: string | null;

/** The server's preview: the message rendered for Ana Lima, one of two recipients, or the refusal. */
function preview(body: { message: string }): StubResponse {
  if (refusal) {
    return {
      status: 400,
      body: { status: 400, message: refusal, errors: [{ field: 'template', description: refusal }] },
    };
  }
  const message = body.message.replace(/\{\{(name|cliente)\}\}/, 'Ana Lima');
  return {
    body: {
      recipients: 2,
      sample: { opportunity_id: 9, contact_name: 'Ana Lima', header: null, message, footer: null },
    },
  };
}

function api(url: URL, init: RequestInit): StubResponse {
  const key = `${init.method ?? 'GET'} ${url.pathname}`;
  if (key === 'GET /api/v1/platform') return { body: platformFixture() };
  if (key === `GET ${BASE}/batch-messages`) return { body: page(batches) };
  if (key === `POST ${BASE}/batch-messages/1/pause`) {
    batches = [batch({ status: 'paused' })];
    return { body: batches[0] };
  }
  if (key === `POST ${BASE}/batch-messages/audience`) return { body: { recipients: 2 } };
  if (key === `POST ${BASE}/batch-messages/preview`) return preview(JSON.parse(String(init.body)));
  if (key === `POST ${BASE}/batch-messages`) {
    const created = batch({ id: 2, title: 'Boas-vindas', status: 'scheduled', total: 2, sent: 0, failed: 0 });
    batches = [created, ...batches];
    return { body: created };
  }
  if (key === `GET ${BASE}/bots`) {
    return {
      body: {
        data: [
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
  if (key === `GET ${BASE}/bots/5/meta-templates`) return { body: { data: [template] } };
  if (key === `GET ${BASE}/sales-stages`) {
    return { body: page([{ id: 7, name: 'Novo Lead', type: 'First', color: '228be6', display_order: 1 }]) };
  }
  if (key === `GET ${BASE}/users`) return { body: page([]) };
  return emptyLayoutStub(key) ?? { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
}

const signIn = (role: string) => startSession(tokenResponseFixture([{ id: 1, name: 'Escola Centro', role }]));
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([u, i]) => (i?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path)
    .map(([, i]) => (i?.body ? JSON.parse(String(i.body)) : undefined));

const optionNamed = (label: string) =>
  screen.queryAllByRole('option', { hidden: true }).find((o) => o.textContent === label);

/** 'Novo disparo' opened on /batch-message, with its title typed. */
async function newBatch(title: string) {
  renderApp('/batch-message');
  fireEvent.click(await screen.findByRole('button', { name: 'Novo disparo' }));
  const form = within(await screen.findByRole('dialog', { name: 'Novo disparo' }));
  fireEvent.change(form.getByRole('textbox', { name: 'Título' }), { target: { value: title } });
  return form;
}

/** Picks 'boas_vindas' and types its one variable, confirmed in batch mode. */
async function fillTemplate(form: ReturnType<typeof within>, body: string) {
  fireEvent.click(form.getByRole('textbox', { name: 'Template' }));
  await waitFor(() => expect(optionNamed('boas_vindas')).toBeTruthy());
  fireEvent.click(optionNamed('boas_vindas') as HTMLElement);
  fireEvent.click(form.getByRole('button', { name: 'Preencher template' }));
  const modal = within(await screen.findByRole('dialog', { name: 'Enviar Template' }));
  fireEvent.change(modal.getByRole('textbox', { name: 'Body {{1}}' }), { target: { value: body } });
  fireEvent.click(modal.getByRole('button', { name: 'Confirmar' }));
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  batches = [batch({})];
  refusal = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/batch-message', () => {
  it('PLAT-054 PLAT-096 CHAT-102 a manager sees the batches with their progress and pauses one', async () => {
    signIn('manager');
    const fetchMock = stubFetch(api);
    renderApp('/batch-message');
    expect(await screen.findByRole('heading', { name: 'Disparo em massa' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Disparo em massa | CRM'));
    const card = await screen.findByLabelText('Disparo Matrículas de março');
    expect(within(card).getByText('Enviando')).toBeTruthy();
    expect(within(card).getByText('Enviadas: 4 · Falhas: 1 · Ignoradas: 0 · Total: 10')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Pausar' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', `${BASE}/batch-messages/1/pause`)).toHaveLength(1),
    );
    expect(await within(card).findByText('Pausado')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Retomar' })).toBeTruthy();
  });

  it('CHAT-060 CHAT-063 CHAT-101 Novo disparo: the template is filled in batch mode (Confirmar), the audience size shows, and the batch is created', async () => {
    signIn('manager');
    const fetchMock = stubFetch(api);
    const form = await newBatch('Boas-vindas');
    expect(await form.findByText('2')).toBeTruthy();
    await fillTemplate(form, '{{name}}');
    expect(await form.findByText('Olá {{name}}, bem-vindo!')).toBeTruthy();
    const shown = within(await form.findByLabelText('Pré-visualização do disparo'));
    expect(shown.getByText('Pré-visualização para Ana Lima')).toBeTruthy();
    expect(shown.getByText('Olá Ana Lima, bem-vindo!')).toBeTruthy();
    const create = form.getByRole('button', { name: 'Criar disparo' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    // Nothing is created before the manager confirms, told how many will receive it.
    const ask = within(await screen.findByRole('dialog', { name: MESSAGES.batchConfirmTitle }));
    expect(ask.getByText(MESSAGES.batchConfirm('Boas-vindas', '2 destinatários'))).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', `${BASE}/batch-messages`)).toHaveLength(0);
    fireEvent.click(ask.getByRole('button', { name: 'Enviar para 2 destinatários' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', `${BASE}/batch-messages`)).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', `${BASE}/batch-messages`)[0]).toEqual({
      title: 'Boas-vindas',
      bot_id: 5,
      template: {
        name: 'boas_vindas',
        language: 'pt_BR',
        components: [{ type: 'body', parameters: [{ type: 'text', text: '{{name}}' }] }],
      },
      message: 'Olá {{name}}, bem-vindo!',
      filter: {},
    });
    expect(await screen.findByLabelText('Disparo Boas-vindas')).toBeTruthy();
  });

  it('a batch message sends no raw placeholder: a typed variable is previewed with a real recipient; a server refusal shows in the form and blocks creating', async () => {
    signIn('manager');
    const fetchMock = stubFetch(api);
    const form = await newBatch('Boas-vindas');
    await fillTemplate(form, '{{cliente}}');
    expect(await form.findByText('Olá Ana Lima, bem-vindo!')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', `${BASE}/batch-messages/preview`).at(-1)).toMatchObject({
      bot_id: 5,
      message: 'Olá {{cliente}}, bem-vindo!',
      filter: {},
    });

    refusal = MESSAGES.unknownTemplateVariable('{{nome}}');
    fireEvent.change(form.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'Ana' } });
    expect(await form.findByText(refusal)).toBeTruthy();
    expect((form.getByRole('button', { name: 'Criar disparo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('PLAT-054 a salesRep neither sees it in the menu nor opens it', async () => {
    signIn('salesRep');
    stubFetch(api);
    const { router } = renderApp('/batch-message');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    await screen.findByRole('link', { name: 'Pipeline' });
    expect(screen.queryByRole('link', { name: 'Disparo em massa' })).toBeNull();
  });
});
