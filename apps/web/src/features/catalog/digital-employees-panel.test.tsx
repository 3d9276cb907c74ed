import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import type { DigitalEmployee } from '@vendaval/core/schemas/bots';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const empty = { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } };
const BASE = '/api/v1/workspaces/1/digital-employees';

function employee(over: Partial<DigitalEmployee> = {}): DigitalEmployee {
  return {
    id: 7,
    name: 'WhatsApp Oficial',
    channel: 'whatsapp_cloud',
    media_type: 'WhatsappWaba',
    is_whatsapp_business_connected: true,
    is_whatsapp_qr_code_connected: false,
    keep_bot_on_dialog: false,
    active: true,
    greeting: null,
    keyword_replies: [],
    whatsapp: {
      phone_number_id: '106540352242922',
      business_account_id: '102290129340398',
      has_access_token: true,
      has_app_secret: true,
      has_verify_token: false,
    },
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
    ...over,
  };
}

/** The digital employees of workspace 1 in memory; `refuse` answers a write with the server's field error. */
function employeesApi(rows: DigitalEmployee[], refuse?: { field: string; description: string }) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  const searches: (string | null)[] = [];
  const handler: StubHandler = (url, init) => {
    const path = url.pathname;
    const method = init.method ?? 'GET';
    if (path === '/api/v1/platform') return { body: platformFixture() };
    if (!path.startsWith(BASE)) return { body: empty };
    if (method === 'GET') {
      const search = url.searchParams.get('search');
      searches.push(search);
      const data = rows.filter((r) => !search || r.name.toLowerCase().includes(search.toLowerCase()));
      return { body: { data, pagination: { total_count: data.length, limit: 50, offset: 0 } } };
    }
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    writes.push({ method, path, body });
    if (refuse) return { status: 400, body: { status: 400, message: refuse.description, errors: [refuse] } };
    if (method === 'DELETE') {
      return { body: { message: MESSAGES.digitalEmployeeDeactivated, deactivated: true } };
    }
    return { body: employee({ id: 99, ...body, whatsapp: null }) };
  };
  return { handler, writes, searches };
}

async function openPanel() {
  startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'admin' }]));
  renderApp('/lists');
  await waitFor(() => expect(document.title).toBe('Editar Listas | CRM'));
  fireEvent.click(await screen.findByText('Funcionários digitais'));
}

function pickChannel(form: HTMLElement, label: string) {
  fireEvent.click(within(form).getByRole('textbox', { name: 'Canal' }));
  const option = screen.getAllByRole('option', { hidden: true }).find((o) => o.textContent === label);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/lists 'Funcionários digitais'", () => {
  it('PLAT-073 lists the bots with their channel, searches by name and shows the webhook URL to paste into Meta', async () => {
    const api = employeesApi([
      employee(),
      employee({ id: 8, name: 'Simulador', channel: 'sandbox', whatsapp: null }),
    ]);
    stubFetch(api.handler);
    await openPanel();
    expect(await screen.findByText('WhatsApp Oficial')).toBeTruthy();
    expect(screen.getByText('Simulador')).toBeTruthy();
    const url = screen.getByTestId('webhook-url');
    expect(url.textContent).toBe('http://localhost:3000/api/v1/channels/whatsapp/7/webhook');
    expect(screen.getAllByTestId('webhook-url')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Copiar URL do webhook' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar funcionário digital' }), {
      target: { value: 'simu' },
    });
    await waitFor(() => expect(screen.queryByText('WhatsApp Oficial')).toBeNull());
    expect(api.searches).toContain('simu');
  });

  it('PLAT-266 a new Cloud API bot needs its number id and token, and sends only the secrets typed in', async () => {
    const api = employeesApi([]);
    stubFetch(api.handler);
    await openPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Novo funcionário digital' }));
    const form = await screen.findByRole('dialog', { name: 'Novo funcionário digital' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Nome/ }), { target: { value: 'Oficial' } });
    pickChannel(form, 'WhatsApp Business (API oficial)');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText(MESSAGES.digitalEmployeePhoneNumberIdRequired)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.digitalEmployeeAccessTokenRequired)).toBeTruthy();
    expect(api.writes).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: /ID do número/ }), {
      target: { value: '1065' },
    });
    fireEvent.change(within(form).getByLabelText(/Token de acesso/), { target: { value: 'EAAG-token' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]).toEqual({
      method: 'POST',
      path: BASE,
      body: {
        name: 'Oficial',
        channel: 'whatsapp_cloud',
        active: true,
        keep_bot_on_dialog: false,
        greeting: null,
        keyword_replies: [],
        whatsapp: { phone_number_id: '1065', business_account_id: '', access_token: 'EAAG-token' },
      },
    });
  });

  it('PLAT-266 editing keeps the stored secrets unless one is removed, which sends it empty', async () => {
    const api = employeesApi([employee()]);
    stubFetch(api.handler);
    await openPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar funcionário digital' });
    expect(within(form).getAllByText('Definido')).toHaveLength(2);
    expect(within(form).getByTestId('webhook-url').textContent).toContain('/channels/whatsapp/7/webhook');
    fireEvent.click(within(form).getAllByRole('button', { name: 'Remover' })[1] as HTMLElement);
    fireEvent.change(within(form).getByLabelText(/Token de verificação/), {
      target: { value: 'novo-token' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]?.method).toBe('PUT');
    expect(api.writes[0]?.path).toBe(`${BASE}/7`);
    expect(api.writes[0]?.body).toHaveProperty('whatsapp', {
      phone_number_id: '106540352242922',
      business_account_id: '102290129340398',
      app_secret: '',
      verify_token: 'novo-token',
    });
    expect(api.writes[0]?.body).not.toHaveProperty('channel');
  });

  it("PLAT-266 the server's refusal shows under its field and keeps the form open", async () => {
    const api = employeesApi([employee()], {
      field: 'whatsapp.phone_number_id',
      description: MESSAGES.digitalEmployeePhoneNumberTaken,
    });
    stubFetch(api.handler);
    await openPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar funcionário digital' });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText(MESSAGES.digitalEmployeePhoneNumberTaken)).toBeTruthy();
  });

  it('PLAT-266 deleting a bot with rooms tells that it was deactivated instead', async () => {
    const api = employeesApi([employee()]);
    stubFetch(api.handler);
    await openPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir funcionário digital' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(api.writes).toEqual([{ method: 'DELETE', path: `${BASE}/7`, body: undefined }]),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: MESSAGES.digitalEmployeeDeactivated }),
      ),
    );
  });
});
