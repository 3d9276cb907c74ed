import { expect, type Page, test } from '@playwright/test';
import { signedInAs, snap, toast } from '../support/app.ts';

/** A call to the API with an integration's secret, as another system would make it. */
const callWith = (page: Page, secret: string, path: string) =>
  page.request.get(path, { headers: { authorization: `Bearer ${secret}` }, failOnStatusCode: false });

test.describe('integrations', () => {
  test('an admin creates an integration token, copies it once, sees it work, and revokes it', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Integrar' })
      .click();
    await expect(page).toHaveTitle('Integrar | CRM');
    const baseUrl = await page.getByTestId('api-base-url').textContent();
    expect(baseUrl).toMatch(/^http:\/\/localhost:\d+\/api\/v1$/);
    await expect(page.getByRole('link', { name: 'Documentação da API' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    await expect(page.getByText('Nenhuma integração criada.')).toBeVisible();
    const workspaceId = /workspaces\/(\d+)\//.exec(
      (await page.getByText('As rotas deste workspace').textContent()) ?? '',
    )?.[1];

    await page.getByRole('button', { name: 'Nova integração' }).click();
    const form = page.getByRole('dialog', { name: 'Nova integração' });
    await form.getByRole('button', { name: 'Criar' }).click();
    await expect(form.getByText('Informe o nome da integração.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Nome' }).fill('Landing page de matrículas');
    await form.getByRole('radio', { name: 'API de Landing Page' }).check();
    await snap(page, 'integration-form');
    await form.getByRole('button', { name: 'Criar' }).click();

    const secretModal = page.getByRole('dialog', { name: 'Chave da integração' });
    await expect(secretModal.getByText('Ela não será mostrada novamente.', { exact: false })).toBeVisible();
    const secret = (await secretModal.getByTestId('api-client-secret').textContent()) ?? '';
    expect(secret).toMatch(/^vdv_/);
    await secretModal.getByRole('button', { name: 'Copiar' }).click();
    await expect(toast(page, 'Copiado com sucesso!')).toBeVisible();
    await snap(page, 'integration-secret');
    await secretModal.getByRole('button', { name: 'Fechar' }).click();
    await expect(secretModal).toBeHidden();

    const card = page.getByTestId('api-client-card').filter({ hasText: 'Landing page de matrículas' });
    await expect(card.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(card.getByText('API de Landing Page')).toBeVisible();
    // Shown once: the page keeps only the first characters.
    await expect(page.getByText(secret)).toHaveCount(0);
    await snap(page, 'integrations');
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(overflow).toBeLessThanOrEqual(390);

    const stages = `/api/v1/workspaces/${workspaceId}/sales-stages`;
    expect((await callWith(page, secret, stages)).status()).toBe(200);

    await card.getByRole('button', { name: 'Revogar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revogar integração' });
    await confirm.getByRole('button', { name: 'Revogar' }).click();
    await expect(toast(page, 'Integração revogada.')).toBeVisible();
    await expect(card.getByText('Revogada', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Revogar' })).toHaveCount(0);
    expect((await callWith(page, secret, stages)).status()).toBe(401);
    await snap(page, 'integration-revoked');
  });

  test('the API docs open from Integrar, titled with the brand', async ({ page, context }) => {
    await signedInAs(page, 'admin@demo.local');
    await page.goto('/integrations');
    const brand = (await (await page.request.get('/api/v1/platform')).json()).name as string;
    const [docs] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Documentação da API' }).click(),
    ]);
    await expect(docs.getByRole('heading', { name: new RegExp(`API ${brand}`) })).toBeVisible();
    // The operations come first by what integrators use most: cards lead.
    await expect(docs.getByText('Lista e busca oportunidades')).toBeVisible();
    await snap(docs, 'api-docs');
  });
});
