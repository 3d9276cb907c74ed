import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, lastMailTo, linkIn, snap } from '../support/app.ts';

test('PLAT-063 PLAT-228 PLAT-234 a new user accepts an invitation and lands in the workspace', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1/auth/token', {
    data: { username: 'admin@demo.local', password: DEMO_PASSWORD },
  });
  const { access_token, user } = await login.json();
  const centro = user.workspaces.find((w: { name: string }) => w.name === 'Escola Centro');
  const invite = await request.post(`/api/v1/workspaces/${centro.id}/user-invitations`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { email: 'nova.atendente@demo.local', role: 'salesRep' },
  });
  expect(invite.status()).toBe(200);

  const link = linkIn(lastMailTo('nova.atendente@demo.local').text, /\/user-invitations\/[\w-]+\/validate/);
  await page.goto(link.pathname);
  await expect(page).toHaveTitle('Convite | CRM');
  await expect(page.getByText('Escola Centro').first()).toBeVisible();
  await expect(page.getByText('Ana Administradora').first()).toBeVisible();
  await page.getByLabel('Nome').fill('Nina Nova');
  await page.getByLabel('Senha', { exact: true }).fill('Convite123!');
  await page.getByLabel('Confirmar senha').fill('Convite123!');
  await snap(page, 'invitation');
  await page.getByRole('button', { name: /aceitar|entrar|criar/i }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Pipeline' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Escola Centro')).toBeVisible();

  await page.goto(link.pathname);
  await expect(page).toHaveURL(/\/$/); // signed in: public routes send to /
});
