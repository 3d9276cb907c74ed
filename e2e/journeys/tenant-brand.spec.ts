import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_PORT, snap } from '../support/app.ts';

const rh = `http://rh.localhost:${E2E_PORT}`;

const primaryColor = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );

test('PLAT-006 PLAT-013 PLAT-017 the recruiting host shows its own palette, logo and terms', async ({
  page,
}) => {
  await page.goto('/login');
  const defaultPrimary = await primaryColor(page);

  await page.goto(`${rh}/login`);
  await expect(page.getByText('Recrutamento sem perder nenhum candidato de vista.')).toBeVisible();
  await expect(page.getByRole('img', { name: /Talentos/ }).first()).toBeVisible();
  const rhPrimary = await primaryColor(page);
  expect(rhPrimary).not.toBe(defaultPrimary);
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toContain('/brand/talentos/');
  await snap(page, 'rh-login');

  await page.getByLabel('E-mail ou usuário').fill('paula@rh.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('main').getByText('Recrutamento e Seleção')).toBeVisible();
  // the sales-rep role speaks the tenant's vocabulary
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Expandir menu' }).click();
  await expect(menu.getByText('Recrutador', { exact: true }).first()).toBeVisible();
  await snap(page, 'rh-home');
});

test('defect 6: the recruiting demo board is a recruiting funnel of candidates, not a school', async ({
  page,
}) => {
  await page.goto(`${rh}/login`);
  await page.getByLabel('E-mail ou usuário').fill('admin@rh.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const columns = page.getByRole('region');
  await expect(columns.first()).toBeVisible();
  const names = await columns.evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label')));
  expect(names).toEqual(expect.arrayContaining(['Triagem', 'Entrevista', 'Proposta', 'Contratado']));
  expect(names).not.toContain('Visita agendada');
  expect(names).not.toContain('Negociação');
  expect(await page.locator('img[src*="/brand/talentos/"]').count()).toBeGreaterThan(0);
  await snap(page, 'rh-board');
});

test('PLAT-006 a login of one tenant does not work on the host of another', async ({ page }) => {
  await page.goto(`${rh}/login`);
  await page.getByLabel('E-mail ou usuário').fill('admin@demo.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'E-mail/usuário ou senha incorretos.' }),
  ).toBeVisible();
});
