import { expect, type Page, test } from '@playwright/test';
import { BRAND_IMAGE_SLOTS } from '@vendaval/core/schemas/platform';
import { DEMO_PASSWORD, signedInAs, snap } from '../support/app.ts';

// A 1×1 orange PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const primaryColor = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );

// The brand belongs to the whole host: whatever happens in the journey, the next ones find the built-in one.
test.afterEach(async ({ request }) => {
  const login = await request.post('/api/v1/auth/token', {
    data: { username: 'admin@demo.local', password: DEMO_PASSWORD },
  });
  const { access_token: token } = await login.json();
  const platform = await (await request.get('/api/v1/platform')).json();
  const reset = await request.put(`/api/v1/platforms/${platform.id}/brand`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: null,
      subtitle: null,
      palette: null,
      gradient: null,
      terms: null,
      dashboard_titles: null,
      images: Object.fromEntries(BRAND_IMAGE_SLOTS.map((slot) => [slot, null])),
    },
  });
  expect(reset.status()).toBe(200);
});

test('PLAT-009 PLAT-012 PLAT-013 PLAT-014 an admin changes the brand with a live preview; the login page shows the new colours', async ({
  page,
}) => {
  await page.goto('/login');
  const before = await primaryColor(page);

  await signedInAs(page, 'admin@demo.local');
  await page.goto('/workspace-management?tab=marca');
  const form = page.getByRole('form', { name: 'Marca da plataforma' });
  const preview = page.getByLabel('Pré-visualização da marca');
  await expect(form.getByLabel('Nome de exibição')).toHaveValue('Vendaval CRM');

  await form.getByLabel('Nome de exibição').fill('Rede Aprender');
  await form.getByLabel('Subtítulo').fill('Matrículas o ano todo');
  await form.getByLabel('Cor primária').fill('#e8590c');
  await form.getByLabel('Gradiente: início').fill('#e8590c');
  await form.getByLabel('Gradiente: fim').fill('#5f3dc4');
  await expect(preview.getByText('Rede Aprender')).toBeVisible();
  await expect(preview.getByText('Matrículas o ano todo')).toBeVisible();

  // A blank name is refused before anything is saved.
  await form.getByLabel('Nome de exibição').fill('');
  await form.getByRole('button', { name: 'Salvar marca' }).click();
  await expect(form.getByText('Campo obrigatório')).toBeVisible();
  await form.getByLabel('Nome de exibição').fill('Rede Aprender');
  await form.getByLabel('Cor do menu').fill('#2b1a05');
  await form.getByLabel('Subtítulo').click(); // closes the colour picker
  await page.mouse.move(1400, 880);
  await snap(page, 'brand-editor');
  await form.getByRole('button', { name: 'Salvar marca' }).click();
  await expect(toast(page, 'Marca atualizada com sucesso!')).toBeVisible();

  // A new logo goes up; an SVG is refused by the server with a Portuguese message.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Enviar Logo (fundo claro)' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Imagem atualizada com sucesso!')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo (fundo claro)' })).toHaveAttribute(
    'src',
    /\/api\/v1\/platforms\/1000\/files\/[a-f0-9-]+\.png$/,
  );
  const svgChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Enviar Favicon' }).click();
  await (await svgChooser).setFiles({
    name: 'favicon.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
  });
  await expect(toast(page, 'Formato de imagem não suportado: envie PNG, JPEG ou WebP.')).toBeVisible();

  // The audit keeps who changed the brand, field by field, from and to.
  await page.getByRole('tab', { name: 'Auditoria' }).click();
  await page.getByRole('tabpanel').getByText('Marca', { exact: true }).click();
  const edit = page.getByRole('row').filter({ hasText: 'Cor (primária)' });
  await expect(edit.getByText(/Cor \(primária\): #\w+ → #e8590c/)).toBeVisible();
  await expect(edit.getByText(/Nome: Vendaval CRM → Rede Aprender/)).toBeVisible();
  await expect(edit.getByText('Ana Administradora')).toBeVisible();
  await expect(page.getByText('Logo (fundo claro): padrão → imagem enviada')).toBeVisible();
  await snap(page, 'brand-audit');

  // Every user of the host sees the new brand on the next page load.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByText('Matrículas o ano todo')).toBeVisible();
  const after = await primaryColor(page);
  expect(after).not.toBe(before);
  expect(after.toLowerCase()).toContain('e8590c');
  await snap(page, 'brand-login');

  // Back to the built-in profile, as every other journey expects it.
  await signedInAs(page, 'admin@demo.local');
  await page.goto('/workspace-management?tab=marca');
  await page.getByRole('button', { name: 'Restaurar padrão' }).click();
  await expect(toast(page, 'Marca padrão restaurada.')).toBeVisible();
  await page.getByRole('button', { name: 'Padrão', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Padrão', exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('form', { name: 'Marca da plataforma' }).getByLabel('Nome de exibição'),
  ).toHaveValue('Vendaval CRM');
});

test('PLAT-136 a manager does not see the brand or workspace management', async ({ page }) => {
  await signedInAs(page, 'gerente@demo.local');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Usuários' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Workspaces' })).toHaveCount(0);
  await page.goto('/workspace-management?tab=marca');
  await expect(
    page.getByText('Somente administradores gerenciam workspaces e a marca da plataforma.'),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Marca da plataforma' })).toHaveCount(0);
});
