import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { ContractSettings } from '@vendaval/core/schemas/contracts';
import type { Platform } from '@vendaval/core/schemas/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SETTINGS_PATH = '/api/v1/workspaces/1/contract-settings';
const notFound = { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };

const withEnrollment = (integrated_enroll: string | null): Platform => {
  const platform = platformFixture();
  return { ...platform, flags: { ...platform.flags, integrated_enroll } };
};

/** Workspace 1's enrolment settings held as the server keeps them: the secrets never answered back. */
function settingsApi(platform: Platform, refuse?: { field: string; description: string }[]) {
  const kept = {
    won_on_payment: false,
    key: null as string | null,
    token: 'token-guardado-123' as string | null,
  };
  const puts: unknown[] = [];
  const answer = (): ContractSettings => ({
    integrated_enroll: platform.flags.integrated_enroll as ContractSettings['integrated_enroll'],
    provider: kept.key ? 'asaas' : (platform.flags.integrated_enroll as ContractSettings['provider']),
    won_on_payment: kept.won_on_payment,
    asaas_api_key_set: kept.key !== null,
    asaas_webhook_token_set: kept.token !== null,
  });
  const handler: StubHandler = (url, init) => {
    if (url.pathname === '/api/v1/platform') return { body: platform };
    if (url.pathname !== SETTINGS_PATH) return notFound;
    if ((init.method ?? 'GET') === 'GET') return { body: answer() };
    const body = JSON.parse(String(init.body));
    puts.push(body);
    if (refuse) return { status: 400, body: { status: 400, message: MESSAGES.invalidBody, errors: refuse } };
    if (body.won_on_payment !== undefined) kept.won_on_payment = body.won_on_payment;
    if (body.asaas_api_key !== undefined) kept.key = body.asaas_api_key;
    if (body.asaas_webhook_token !== undefined) kept.token = body.asaas_webhook_token;
    return { body: answer() };
  };
  return { handler, puts };
}

const admin = () => startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'admin' }]));
/** The phone's menu (jsdom is narrow), opened: its links as the user reads them. */
async function menuLinks() {
  fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
  const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
  await within(menu).findByRole('link', { name: 'Pipeline' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/enrollment-settings', () => {
  it('an admin sets the Asaas key, drops the webhook token and turns on the won switch; no secret is shown back', async () => {
    const api = settingsApi(withEnrollment('sandbox'));
    stubFetch(api.handler);
    admin();
    renderApp('/enrollment-settings');
    await waitFor(() => expect(document.title).toBe('Matrículas | CRM'));
    const form = await screen.findByRole('form', { name: 'Configurações de matrícula' });
    expect(within(form).getByLabelText('Provedor da plataforma').textContent).toBe('Ambiente de testes');
    expect(within(form).getByLabelText('Em uso neste workspace').textContent).toBe('Ambiente de testes');
    expect(within(form).getByText('Não cadastrada')).toBeTruthy();
    expect(within(form).getByText('Cadastrado')).toBeTruthy();
    const token = within(form).getByLabelText('Token de autenticação do webhook') as HTMLInputElement;
    expect(token.value).toBe('');
    expect(screen.getByTestId('asaas-webhook-url').textContent).toBe(
      `${window.location.origin}/api/v1/contracts/asaas/1/webhook`,
    );
    expect(await menuLinks()).toContain('Matrículas');
    expect(screen.getByRole('link', { name: 'Matrículas' }).getAttribute('href')).toBe(
      '/enrollment-settings',
    );
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.change(within(form).getByLabelText('Chave de API do Asaas'), {
      target: { value: '$aact_chave_nova_0001' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Remover token' }));
    expect(within(form).getByText('Será removido ao salvar')).toBeTruthy();
    fireEvent.click(within(form).getByRole('switch', { name: /Marcar o card como Ganho/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(toasts()).toContain(SUCCESS_MESSAGES.enrollmentSettingsSaved));
    expect(api.puts).toEqual([
      { won_on_payment: true, asaas_api_key: '$aact_chave_nova_0001', asaas_webhook_token: null },
    ]);
    expect(within(form).getByLabelText('Em uso neste workspace').textContent).toBe('Asaas');
    expect(within(form).getByText('Cadastrada')).toBeTruthy();
    expect(within(form).getByText('Não cadastrado')).toBeTruthy();
    expect((within(form).getByLabelText('Chave de API do Asaas') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('$aact_chave_nova_0001');
    expect(within(form).getByRole('switch', { name: /Marcar o card como Ganho/ })).toHaveProperty(
      'checked',
      true,
    );

    // Saving again without typing keeps the stored secrets: only the switch travels.
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.puts).toHaveLength(2));
    expect(api.puts[1]).toEqual({ won_on_payment: true });
  });

  it("the server's refusals show under their fields in pt-BR, and what was typed stays", async () => {
    const api = settingsApi(withEnrollment('sandbox'), [
      { field: 'asaas_api_key', description: MESSAGES.secretTooShort },
      { field: 'asaas_webhook_token', description: MESSAGES.webhookTokenTooShort },
    ]);
    stubFetch(api.handler);
    admin();
    renderApp('/enrollment-settings');
    const form = await screen.findByRole('form', { name: 'Configurações de matrícula' });
    fireEvent.change(within(form).getByLabelText('Chave de API do Asaas'), { target: { value: 'curta' } });
    fireEvent.change(within(form).getByLabelText('Token de autenticação do webhook'), {
      target: { value: '1234' },
    });
    fireEvent.click(within(form).getByRole('switch', { name: /Marcar o card como Ganho/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));

    expect(await within(form).findByText(MESSAGES.secretTooShort)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.webhookTokenTooShort)).toBeTruthy();
    const key = within(form).getByLabelText('Chave de API do Asaas') as HTMLInputElement;
    expect(key.value).toBe('curta');
    expect((within(form).getByLabelText('Token de autenticação do webhook') as HTMLInputElement).value).toBe(
      '1234',
    );
    expect(within(form).getByRole('switch', { name: /Marcar o card como Ganho/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(toasts()).not.toContain(SUCCESS_MESSAGES.enrollmentSettingsSaved);
  });

  it('a salesRep neither sees Matrículas in the menu nor opens the page', async () => {
    stubFetch(settingsApi(withEnrollment('sandbox')).handler);
    startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role: 'salesRep' }]));
    renderApp('/enrollment-settings');
    await waitFor(() => expect(document.title).toBe('Pipeline | CRM'));
    const links = await menuLinks();
    expect(links).toContain('Contatos');
    expect(links).not.toContain('Matrículas');
  });

  it('where the platform offers no enrolment the menu has no Matrículas, even for an admin', async () => {
    stubFetch(settingsApi(withEnrollment(null)).handler);
    admin();
    renderApp('/enrollment-settings');
    expect(await screen.findByText(MESSAGES.enrollmentNotOffered)).toBeTruthy();
    const links = await menuLinks();
    expect(links).toContain('Integrar');
    expect(links).not.toContain('Matrículas');
    expect(screen.queryByRole('form', { name: 'Configurações de matrícula' })).toBeNull();
  });
});
