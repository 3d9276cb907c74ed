import { expect, test } from '@playwright/test';
import { signedInAs, signIn, snap, TOKEN_KEY } from '../support/app.ts';

test.describe('sign-in and route access', () => {
  test('PLAT-061 PLAT-031 the login screen is titled Entrar | CRM and shows the tenant brand', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Entrar | CRM');
    await expect(page.getByText('Aumente a sua produtividade ao máximo!')).toBeVisible();
    await expect(page.getByRole('img', { name: /Vendaval/ }).first()).toBeVisible();
    await snap(page, 'login');
  });

  for (const [email, name, role] of [
    ['admin@demo.local', 'Ana', 'Administrador'],
    ['gerente@demo.local', 'Gustavo', 'Gerente'],
    ['atendente@demo.local', 'Alice', 'Atendente'],
  ] as const) {
    test(`PLAT-038 PLAT-132 ${role} signs in and lands on the pipeline of their workspace, with their role in the menu`, async ({
      page,
    }) => {
      await signedInAs(page, email);
      await expect(page.getByRole('heading', { name: 'Pipeline' })).toBeVisible();
      await expect(page.getByRole('main').getByText('Escola Centro')).toBeVisible();
      await expect(page).toHaveTitle('Pipeline | CRM');
      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      await menu.getByRole('button', { name: 'Expandir menu' }).click();
      await expect(menu.getByText(name, { exact: false }).first()).toBeVisible();
      await expect(menu.getByText(role, { exact: true }).first()).toBeVisible();
      if (role === 'Administrador') await snap(page, 'home-admin');
    });
  }

  test('PLAT-212 a wrong password shows the catalogue toast and keeps the user on /login', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.local', 'SenhaErrada1!');
    const toast = page.getByRole('alert').filter({ hasText: 'Informações falharam na verificação' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('E-mail/usuário ou senha incorretos.');
    await expect(page).toHaveURL(/\/login$/);
    await snap(page, 'login-wrong-password');
  });

  test('PLAT-036 a user with a stored token opening /login lands on /', async ({ page }) => {
    await signedInAs(page, 'gerente@demo.local');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/password-reset');
    await expect(page).toHaveURL(/\/$/);
  });

  test('PLAT-034 PLAT-035 without a token, / and /logout land on /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('PLAT-037 PLAT-064 PLAT-030 an unknown path lands on /error/404, with clean paths', async ({
    page,
  }) => {
    await page.goto('/nao-existe');
    await expect(page).toHaveURL(/\/error\/404$/);
    expect(page.url()).not.toContain('#');
    await expect(page.getByText('404').first()).toBeVisible();
    await snap(page, 'not-found');
  });

  test('PLAT-058 logout clears the session and private routes send back to /login', async ({ page }) => {
    await signedInAs(page, 'atendente@demo.local');
    await page.getByRole('link', { name: 'Sair' }).first().click({ force: true });
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('PLAT-204 a revoked token is logged out on its next request', async ({ page, context }) => {
    await signedInAs(page, 'bruno@demo.local');
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    const other = await context.request.post('/api/v1/auth/logout', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
});
