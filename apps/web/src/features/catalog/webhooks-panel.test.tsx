import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import type { Webhook } from '@vendaval/core/schemas/webhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SECRET = 'whsec_segredo-mostrado-uma-vez';
const empty = { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } };

/** The webhooks at `base` held in memory; `refuse` answers a POST as the server refuses a private address. */
function webhooksApi(refuse: (url: string) => boolean, base = '/api/v1/workspaces/1/webhooks') {
  const rows: Webhook[] = [];
  const posted: unknown[] = [];
  const handler: StubHandler = (url, init) => {
    const path = url.pathname;
    if (path === '/api/v1/platform') return { body: platformFixture() };
    if (path !== base) return { body: empty };
    if ((init.method ?? 'GET') === 'GET') {
      return { body: { data: rows, pagination: { total_count: rows.length, limit: 50, offset: 0 } } };
    }
    const body = JSON.parse(String(init.body));
    posted.push(body);
    if (refuse(body.url)) {
      const errors = [{ field: 'url', description: MESSAGES.webhookUrlPrivate }];
      return { status: 400, body: { status: 400, message: MESSAGES.webhookUrlPrivate, errors } };
    }
    const created = { id: rows.length + 1, ...body, created_at: '2026-11-23T10:00:00.000Z' };
    rows.push(created);
    return { body: { ...created, secret: SECRET } };
  };
  return { handler, posted };
}

async function openWebhooks() {
  startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'admin' }]));
  renderApp('/lists');
  await waitFor(() => expect(document.title).toBe('Editar Listas | CRM'));
  fireEvent.click(await screen.findByText('Webhooks'));
}

/** Opens the new-webhook form of the first panel (the workspace's), or of the one `within` names. */
async function openNewWebhook(panel?: () => HTMLElement) {
  await openWebhooks();
  const scope = panel ? within(await waitFor(panel)) : screen;
  const [button] = await scope.findAllByRole('button', { name: 'Novo webhook' });
  fireEvent.click(button as HTMLElement);
  const form = await screen.findByRole('dialog', { name: 'Novo webhook' });
  fireEvent.change(within(form).getByRole('textbox', { name: 'Nome' }), { target: { value: 'ERP' } });
  fireEvent.change(within(form).getByRole('textbox', { name: /Endereço/ }), {
    target: { value: 'https://10.0.0.1/hook' },
  });
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Oportunidade ganha' }));
  return form;
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/lists webhooks', () => {
  it('PLAT-073 PLAT-267 a new webhook shows its signing secret once, then only the webhook stays listed', async () => {
    const api = webhooksApi(() => false);
    stubFetch(api.handler);
    const form = await openNewWebhook();
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    const secret = await screen.findByRole('dialog', { name: 'Chave de assinatura' });
    expect(within(secret).getByText(SECRET)).toBeTruthy();
    expect(api.posted).toEqual([
      { name: 'ERP', url: 'https://10.0.0.1/hook', events: ['opportunity.won'], active: true },
    ]);
    fireEvent.click(within(secret).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByText('https://10.0.0.1/hook')).toBeTruthy();
    expect(screen.getByText('Oportunidade ganha')).toBeTruthy();
  });

  it('PLAT-267 an address the server refuses keeps the form open with the message under the field', async () => {
    const api = webhooksApi(() => true);
    stubFetch(api.handler);
    const form = await openNewWebhook();
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText(MESSAGES.webhookUrlPrivate)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Chave de assinatura' })).toBeNull();
    expect(within(form).getByDisplayValue('https://10.0.0.1/hook')).toBeTruthy();
    expect(api.posted).toHaveLength(1);
  });

  it('PLAT-267 a platform admin also manages the platform-wide webhooks there; they have no key rotation', async () => {
    const api = webhooksApi(() => false, '/api/v1/platforms/1000/webhooks');
    stubFetch(api.handler);
    const region = () => screen.getByRole('region', { name: 'Webhooks da plataforma' });
    const form = await openNewWebhook(region);
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    const secret = await screen.findByRole('dialog', { name: 'Chave de assinatura' });
    fireEvent.click(within(secret).getByRole('button', { name: 'Fechar' }));
    expect(await within(region()).findByText('https://10.0.0.1/hook')).toBeTruthy();
    expect(within(region()).queryByRole('button', { name: 'Nova chave' })).toBeNull();
    expect(api.posted).toHaveLength(1);
  });
});
