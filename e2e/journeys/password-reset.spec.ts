import { expect, test } from '@playwright/test';
import { MESSAGES } from '@vendaval/core/messages';
import { VALIDATION_MESSAGES } from '@vendaval/core/validators';
import { lastMailTo, linkIn, signIn, snap } from '../support/app.ts';

test('PLAT-062 PLAT-229 password reset through the e-mailed link', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page).toHaveTitle('Resetar | CRM');
  await page.getByLabel('E-mail').fill('carla@demo.local');
  await page.getByRole('button', { name: /enviar/i }).click();
  await expect(page.getByText('Verifique seu e-mail')).toBeVisible();
  await snap(page, 'password-reset-requested');

  const link = linkIn(lastMailTo('carla@demo.local').text, /\/password-reset\?token=/);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Nova senha', { exact: true }).fill('fraca');
  await page.getByLabel('Confirmar senha').fill('fraca');
  await page.getByRole('button', { name: /salvar|redefinir|alterar/i }).click();
  await expect(page.getByText(VALIDATION_MESSAGES.password)).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('NovaSenha9!');
  await page.getByLabel('Confirmar senha').fill('NovaSenha9!');
  await snap(page, 'password-reset-form');
  await page.getByRole('button', { name: /salvar|redefinir|alterar/i }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();

  // The used link says so as soon as it opens, with no form to fill in first, and offers a new one.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(MESSAGES.resetLinkUsed)).toBeVisible();
  await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
  await snap(page, 'password-reset-used-link');
  await page.getByRole('link', { name: 'Solicitar um novo link' }).click();
  await expect(page.getByRole('button', { name: /enviar/i })).toBeVisible();

  await signIn(page, 'carla@demo.local', 'NovaSenha9!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main').getByText('Escola Zona Norte')).toBeVisible();
});
