import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signedInAs, snap, toast } from '../support/app.ts';

const APP_SECRET = 'segredo-do-app-meta';
const VERIFY_TOKEN = 'token-verificacao-jornada';

async function openDigitalEmployees(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Editar Listas' })
    .click();
  await expect(page).toHaveTitle('Editar Listas | CRM');
  await page.getByRole('main').getByText('Funcionários digitais', { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Funcionários digitais', level: 2 })).toBeVisible();
}

/** A call as Meta makes it: one text message from a new number, signed with the app secret. */
function metaMessage(phoneNumberId: string, from: string, name: string, text: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5511955550000', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.JORNADA${Date.now()}`,
                  timestamp: '1732350000',
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
  return { body, signature };
}

test.describe('digital employees', () => {
  test('PLAT-073 PLAT-266 CHAT-051 CHAT-100 an admin connects a WhatsApp Business number; Meta verifies the webhook and a signed message becomes a card', async ({
    page,
    request,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await openDigitalEmployees(page);

    // Every workspace starts with the sandbox bot and its demo templates.
    const sandbox = page.getByTestId('digital-employee-card').filter({ hasText: 'Assistente Virtual' });
    await expect(sandbox).toBeVisible();
    await sandbox.getByRole('button', { name: 'Sincronizar templates' }).click();
    await expect(toast(page, '3 templates sincronizados.')).toBeVisible();

    await page.getByRole('button', { name: 'Novo funcionário digital' }).click();
    const form = page.getByRole('dialog', { name: 'Novo funcionário digital' });
    await form.getByRole('textbox', { name: 'Nome' }).fill('WhatsApp Oficial');
    await form.getByRole('textbox', { name: 'Canal', exact: true }).click();
    await page.getByRole('option', { name: 'WhatsApp Business (API oficial)', exact: true }).click();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form.getByText('Informe o ID do número de telefone do WhatsApp Business.')).toBeVisible();
    const phoneNumberId = `1065${Date.now() % 1_000_000_000}`;
    await form.getByRole('textbox', { name: 'ID do número de telefone' }).fill(phoneNumberId);
    await form.getByRole('textbox', { name: 'ID da conta do WhatsApp Business' }).fill('102290129340398');
    await form.getByLabel('Token de acesso').fill('EAAG-token-da-jornada');
    await form.getByLabel('Chave secreta do app (App Secret)').fill(APP_SECRET);
    await form.getByLabel('Token de verificação do webhook').fill(VERIFY_TOKEN);
    await snap(page, 'digital-employee-form');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form).toBeHidden();

    const card = page.getByTestId('digital-employee-card').filter({ hasText: 'WhatsApp Oficial' });
    await expect(card.getByText('Conectado')).toBeVisible();
    const webhookUrl = (await card.getByTestId('webhook-url').textContent()) ?? '';
    expect(webhookUrl).toMatch(/\/api\/v1\/channels\/whatsapp\/\d+\/webhook$/);
    await card.getByRole('button', { name: 'Copiar URL do webhook' }).click();
    await expect(toast(page, 'Copiado com sucesso!')).toBeVisible();
    await snap(page, 'digital-employees-list');
    // Nothing wider than a phone once the page has laid itself out again at its width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The secrets never come back: editing shows them as set, not their values.
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar funcionário digital' });
    await expect(edit.getByText('Definido')).toHaveCount(3);
    await expect(page.getByText(APP_SECRET)).toHaveCount(0);
    await snap(page, 'digital-employee-edit');
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    // Meta checks the URL with the verify token, then posts signed events to it.
    const verify = await request.get(
      `${webhookUrl}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=4242`,
    );
    expect(verify.status()).toBe(200);
    expect(await verify.text()).toBe('4242');
    const wrong = await request.get(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`);
    expect(wrong.status()).toBe(403);

    const { body, signature } = metaMessage(
      phoneNumberId,
      '5511955551234',
      'Joana Webhook',
      'Oi! Quero uma visita.',
    );
    const refused = await request.post(webhookUrl, {
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      data: body,
    });
    expect(refused.status()).toBe(401);
    const accepted = await request.post(webhookUrl, {
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      data: body,
    });
    expect(accepted.status()).toBe(200);

    await page.goto('/');
    await expect(page.getByRole('button', { name: /Joana Webhook/ }).first()).toBeVisible({
      timeout: 20_000,
    });
  });
});
