import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_PORT, signedInAs, snap } from '../support/app.ts';

const rh = `http://rh.localhost:${E2E_PORT}`;

const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** A new card in Escola Centro, made by another person through the API while the dashboard is open. */
async function createCardElsewhere(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/token', {
    data: { username: 'admin@demo.local', password: DEMO_PASSWORD },
  });
  const { access_token, user } = await login.json();
  const centro = user.workspaces.find((w: { name: string }) => w.name === 'Escola Centro');
  const headers = { authorization: `Bearer ${access_token}` };
  const url = (path: string) => `/api/v1/workspaces/${centro.id}/${path}`;
  const [media] = (await (await request.get(url('medias?limit=1'), { headers })).json()).data;
  const created = await request.post(url('opportunities'), {
    headers,
    data: {
      source_type: 'Offline',
      media_id: media.id,
      contact: { name: 'Lead ao Vivo', phone_number: '11955554444' },
    },
  });
  expect(created.status()).toBe(200);
}

/** The count the funnel's table shows for a stage. */
async function funnelCount(page: Page, stage: string) {
  const row = chart(page, 'Resumo do Funil').getByRole('row').filter({ hasText: stage });
  return Number(await row.getByRole('cell').nth(1).innerText());
}

test('PLAT-044 PLAT-026 PLAT-027 PLAT-028 PLAT-029 a manager opens the dashboard, narrows it, and a funnel bar opens the same cards on the board', async ({
  page,
}) => {
  await signedInAs(page, 'gerente@demo.local');
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard | CRM');
  for (const tab of ['Funil', 'Atendimento', 'Ranking de Atendentes']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  for (const title of [
    'Resumo do Funil',
    'Oportunidades perdidas',
    'Funil de atendimento',
    'Origem',
    'Campanhas',
    'Mídias',
    'Produtos',
  ]) {
    await expect(chart(page, title)).toBeVisible();
  }
  await expect(chart(page, 'Agendamentos')).toHaveCount(0);
  await expect(chart(page, 'Resumo do Funil').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await snap(page, 'dashboard-charts');

  await page.getByRole('button', { name: 'Período' }).click();
  await page.getByRole('button', { name: 'Últimos 30 dias' }).click();
  await page.getByRole('textbox', { name: 'Usuário', exact: true }).click();
  await page.getByRole('option', { name: 'Alice Atendente', exact: true }).click();
  const first = chart(page, 'Resumo do Funil').getByRole('row').nth(1);
  await expect(first).toBeVisible();
  // Until Alice's figures arrive the chart keeps showing everyone's, dimmed and busy.
  await expect(chart(page, 'Resumo do Funil')).not.toHaveAttribute('aria-busy', 'true');
  // The stage with the most of Alice's cards this month: its bar is the tallest, easy to hit.
  const rows = await chart(page, 'Resumo do Funil').getByRole('row').allInnerTexts();
  const stages = rows.slice(1).map((text) => {
    const [name = '', count = '0'] = text.split('\t');
    return { name, count: Number(count) };
  });
  const busiest = stages.reduce((a, b) => (b.count > a.count ? b : a));
  expect(busiest.count).toBeGreaterThan(0);
  expect(await funnelCount(page, busiest.name)).toBe(busiest.count);
  await snap(page, 'dashboard-alice-month');

  const bars = chart(page, 'Resumo do Funil').locator('.recharts-bar-rectangle');
  // Recharts draws no rectangle for an empty bar: the busiest is the n-th among the stages with cards.
  await bars.nth(stages.filter((s) => s.count > 0).indexOf(busiest)).click();
  await expect(page).toHaveURL(/\/$/);
  const columns = page.getByRole('region');
  await expect(columns).toHaveCount(1);
  await expect(page.getByRole('region', { name: busiest.name, exact: true })).toContainText(
    `${busiest.count} ${busiest.count === 1 ? 'card' : 'cards'}`,
  );
  await snap(page, 'dashboard-board-from-bar');

  // Live: a card made elsewhere shows in the funnel without reloading the page. It is made once the page's event
  // stream is open: a change made while the page was still connecting is not what this step is about.
  const streamOpen = page.waitForResponse((r) => r.url().includes('/events?ticket='));
  await page.goto('/dashboard');
  await streamOpen;
  const before = await funnelCount(page, 'Novo lead');
  await createCardElsewhere(page.request);
  await expect
    .poll(() => funnelCount(page, 'Novo lead'), { message: 'the funnel follows the new card' })
    .toBe(before + 1);

  await page.getByRole('tab', { name: 'Atendimento' }).click();
  await expect(chart(page, 'Telefone')).toContainText('Nenhuma ligação registrada no período.');
  await expect(chart(page, 'Tempo de resposta')).toContainText('Tempo médio');
  await snap(page, 'dashboard-service');
  await page.getByRole('tab', { name: 'Ranking de Atendentes' }).click();
  await expect(chart(page, 'Ranking de Atendentes').getByRole('row').nth(1)).toContainText('1');
  await snap(page, 'dashboard-ranking');
});

test('PLAT-029 the recruiting brand names its ranking and its terms; a recruiter sees only their own figures', async ({
  page,
}) => {
  await page.goto(`${rh}/login`);
  await page.getByLabel('E-mail ou usuário').fill('paula@rh.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('main').getByText('Recrutamento e Seleção')).toBeVisible();
  await page.goto(`${rh}/dashboard`);
  await expect(page.getByRole('textbox', { name: 'Usuário', exact: true })).toHaveCount(0);
  await expect(chart(page, 'Agendamentos')).toBeVisible();
  await expect(chart(page, 'Resumo do Funil').getByRole('row').nth(1)).toBeVisible();
  await snap(page, 'dashboard-rh-charts');
  await page.getByRole('tab', { name: 'Ranking de Recrutadores' }).click();
  const ranking = chart(page, 'Ranking de Recrutadores');
  await expect(ranking.getByRole('row').filter({ hasText: 'Paula Prado' })).toBeVisible();
  await page.getByRole('tab', { name: 'Atendimento' }).click();
  await expect(chart(page, 'Oportunidades')).toContainText('Contratado');
  await snap(page, 'dashboard-rh-service');
});

test('PLAT-029 the school-franchise brand ranks its Orientadores and charts its schedules', async ({
  page,
}) => {
  const franchise = `http://franquia.localhost:${E2E_PORT}`;
  await page.goto(`${franchise}/login`);
  await page.getByLabel('E-mail ou usuário').fill('gestor@franquia.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('main').getByText('Unidade Jardins')).toBeVisible();
  await page.goto(`${franchise}/dashboard`);
  await expect(chart(page, 'Agendamentos')).toBeVisible();
  await expect(chart(page, 'Resumo do Funil').getByRole('row').nth(1)).toBeVisible();
  await snap(page, 'dashboard-franchise-charts');
  await page.getByRole('tab', { name: 'Ranking de Orientadores' }).click();
  const ranking = chart(page, 'Ranking de Orientadores');
  await expect(ranking.getByRole('row').filter({ hasText: 'Olívia Orientadora' })).toBeVisible();
  await snap(page, 'dashboard-franchise-ranking');
});
