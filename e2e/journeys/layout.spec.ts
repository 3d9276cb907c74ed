import { expect, test } from '@playwright/test';
import { shot, signedInAs, snap } from '../support/app.ts';

const menu = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Menu principal' });

test.describe('default layout', () => {
  test('PLAT-070 PLAT-071 PLAT-033 the menu starts collapsed, expands, and closes on navigation at 1440 px', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await expect(menu(page).getByRole('button', { name: 'Expandir menu' })).toBeVisible();
    await expect(menu(page).getByText('Pipeline', { exact: true })).toBeHidden();
    // No page banner or footer (the board's columns have headers of their own, which are not landmarks).
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await menu(page).getByRole('button', { name: 'Expandir menu' }).click();
    await expect(menu(page).getByText('Pipeline', { exact: true })).toBeVisible();
    await snap(page, 'menu-expanded');
    await menu(page).getByRole('link', { name: 'Pipeline' }).click();
    await expect(menu(page).getByRole('button', { name: 'Expandir menu' })).toBeVisible();
  });

  test('PLAT-146 only an admin sees the Editar Listas link', async ({ page }) => {
    await signedInAs(page, 'admin@demo.local');
    await expect(menu(page).getByRole('link', { name: 'Editar Listas' })).toHaveCount(1);
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await signedInAs(page, 'gerente@demo.local');
    await expect(menu(page).getByRole('link', { name: 'Pipeline' })).toHaveCount(1);
    await expect(menu(page).getByRole('link', { name: 'Editar Listas' })).toHaveCount(0);
  });

  test('PLAT-072 the skin is semi-dark by default and the choice is kept in the browser', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await expect(menu(page).getByRole('button', { name: 'Tema: Semi-escuro' })).toBeVisible();
    await menu(page).getByRole('button', { name: 'Tema: Semi-escuro' }).click();
    await page.getByRole('menuitem', { name: 'Escuro', exact: true }).click();
    expect(await page.evaluate(() => localStorage.getItem('vendaval.skin'))).toBe('dark');
    await page.reload();
    await expect(menu(page).getByRole('button', { name: 'Tema: Escuro' })).toBeVisible();
    await snap(page, 'home-dark-skin');
  });

  test('PLAT-078 switching workspace changes the screen and is kept in local storage', async ({ page }) => {
    await signedInAs(page, 'gerente@demo.local');
    await expect(page.getByRole('main').getByText('Escola Centro')).toBeVisible();
    await menu(page).getByRole('button', { name: 'Expandir menu' }).click();
    await menu(page).getByRole('textbox', { name: 'Workspace' }).click();
    await page.getByRole('option', { name: 'Escola Zona Norte' }).click();
    await expect(page.getByRole('main').getByText('Escola Zona Norte')).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('vendaval.workspace'));
    await page.reload();
    await expect(page.getByRole('main').getByText('Escola Zona Norte')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('vendaval.workspace'))).toBe(stored);
  });

  test('PLAT-033 below 1024 px the menu is a drawer that closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInAs(page, 'atendente@demo.local');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(menu(page)).toBeInViewport({ ratio: 1 }); // the drawer has finished sliding in
    await shot(page, 'menu-drawer-390');
    await menu(page).getByRole('link', { name: 'Pipeline' }).click();
    await expect(menu(page)).toBeHidden();
  });
});
