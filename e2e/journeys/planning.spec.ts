import { expect, test } from '@playwright/test';
import { choose, DEMO_PASSWORD, E2E_PORT, snap, toast } from '../support/app.ts';

const franchise = `http://franquia.localhost:${E2E_PORT}`;

test('PLAT-045 PLAT-046 a unit manager registers the yearly plan in four steps and submits it', async ({
  page,
}) => {
  await page.goto(`${franchise}/login`);
  await page.getByLabel('E-mail ou usuário').fill('gestor@franquia.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('main').getByText('Unidade Jardins')).toBeVisible();

  await page.getByRole('link', { name: 'Planejamento', exact: true }).click();
  await expect(page).toHaveURL(/\/planning$/);
  await expect(page.getByText('Nenhum planejamento cadastrado.')).toBeVisible();
  await page.getByRole('link', { name: 'Novo planejamento' }).click();
  await expect(page).toHaveURL(/\/planning\/register$/);

  // Step 1: the year, its months and the goals.
  const year = String(new Date().getFullYear() + 1);
  const main = page.getByRole('main');
  await choose(page, main, 'Ano', year);
  await choose(page, main, 'Mês inicial', 'Fevereiro');
  await choose(page, main, 'Mês final', 'Junho');
  const goals = page.getByRole('table', { name: 'Metas por mês' });
  await goals.getByRole('textbox', { name: 'Matrículas presenciais em Março' }).fill('30');
  await goals.getByRole('textbox', { name: 'Matrículas EAD em Março' }).fill('10');
  await goals.getByRole('textbox', { name: 'Faturamento presencial em Março' }).fill('45000');
  await snap(page, 'planning-step1-goals');
  await page.getByRole('button', { name: 'Salvar e avançar' }).click();

  // Step 2: the funnel from the unit's own conversion rates.
  await expect(page).toHaveURL(/\/planning\/register\/steptwo\?id=\d+$/);
  await expect(toast(page, 'Planejamento salvo com sucesso!')).toBeVisible();
  const march = page.getByRole('table', { name: 'Funil por mês' }).getByRole('row', { name: /Março/ });
  await expect(march.getByRole('cell').nth(3)).toHaveText('40');
  await expect(page.getByText('Taxas de conversão reais das oportunidades da unidade')).toBeVisible();
  await page.getByLabel('Leads que visitam (%)').fill('25');
  await page.getByLabel('Visitas que matriculam (%)').fill('50');
  await snap(page, 'planning-step2-funnel');
  await page.getByRole('button', { name: 'Salvar e avançar' }).click();

  // Step 3: the media plan.
  await expect(page).toHaveURL(/\/planning\/register\/stepthree\?id=\d+$/);
  const include = page.getByRole('region', { name: 'Incluir mídia' });
  await choose(page, include, 'Mídia', 'Instagram');
  await choose(page, include, 'Campanha', 'Volta às Aulas');
  await include.getByRole('textbox', { name: 'Verba em Março' }).fill('1500');
  await include.getByRole('textbox', { name: 'Leads esperados em Março' }).fill('160');
  await include.getByRole('button', { name: 'Incluir no plano' }).click();
  const mediaPlan = page.getByRole('table', { name: 'Plano de mídia' });
  await expect(mediaPlan.getByRole('row', { name: /Instagram/ })).toContainText('Volta às Aulas');
  await expect(mediaPlan.getByRole('row', { name: /Instagram/ })).toContainText('160');
  await snap(page, 'planning-step3-media');
  await page.getByRole('button', { name: 'Avançar' }).click();

  // Step 4: the 5W2H action plan, then submission.
  await expect(page).toHaveURL(/\/planning\/register\/stepfour\?id=\d+$/);
  const action = page.getByRole('region', { name: 'Nova ação' });
  await action.getByLabel('O quê').fill('Feira de matrículas no shopping');
  await action.getByLabel('Onde').fill('Shopping Jardins');
  await action.getByLabel('Quando').fill(`${year}-03-14`);
  await choose(page, action, 'Quem', 'Olívia Orientadora');
  await action.getByLabel('Por quê').fill('Atrair famílias do bairro');
  await action.getByLabel('Como').fill('Estande com inscrições na hora');
  await action.getByRole('button', { name: 'Incluir ação' }).click();
  const actions = page.getByRole('table', { name: 'Plano de ação 5W2H' });
  await expect(actions.getByRole('row', { name: /Feira de matrículas/ })).toContainText('Olívia Orientadora');
  await snap(page, 'planning-step4-actions');
  await page.getByRole('button', { name: 'Enviar planejamento' }).click();

  await expect(page).toHaveURL(/\/planning$/);
  await expect(toast(page, 'Planejamento enviado com sucesso!')).toBeVisible();
  const plan = page.getByRole('article', { name: `Planejamento ${year}` });
  await expect(plan).toContainText('5. Enviado');
  await snap(page, 'planning-home');
  await plan.getByRole('link', { name: 'Ver' }).click();
  await expect(
    page.getByText('Este planejamento foi enviado e agora é só leitura para a unidade.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar planejamento' })).toHaveCount(0);
  await snap(page, 'planning-submitted');
});

test('a brand without planning shows no planning menu', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail ou usuário').fill('admin@demo.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('link', { name: 'Pipeline', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Planejamento', exact: true })).toHaveCount(0);
  await page.goto('/planning');
  await expect(page).toHaveURL(/\/$/);
});
