import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { choose, DEMO_PASSWORD, E2E_PORT, snap, toast } from '../support/app.ts';

const franchise = `http://franquia.localhost:${E2E_PORT}`;
const MONTHS = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];

async function signIn(page: Page, email: string) {
  await page.goto(`${franchise}/login`);
  await page.getByLabel('E-mail ou usuário').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('main').getByText('Unidade Jardins')).toBeVisible();
}

/** Brasília's year and month now: the server groups the actuals by them. */
function brasiliaMonth() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return { year, month };
}

/** The unit's plan of this year with a goal this month, and one card won now, made through the API. */
async function planAndWonCard(request: APIRequestContext) {
  // The brand is chosen by the host; the API is reached on localhost with the brand's host named.
  const api = `http://localhost:${E2E_PORT}`;
  const host = { host: `franquia.localhost:${E2E_PORT}` };
  const login = await request.post(`${api}/api/v1/auth/token`, {
    headers: host,
    data: { username: 'gestor@franquia.local', password: DEMO_PASSWORD },
  });
  const { access_token, user } = await login.json();
  const jardins = user.workspaces.find((w: { name: string }) => w.name === 'Unidade Jardins');
  const headers = { ...host, authorization: `Bearer ${access_token}` };
  const url = (path: string) => `${api}/api/v1/workspaces/${jardins.id}/${path}`;
  const { year, month } = brasiliaMonth();
  const plan = await request.post(url('plannings'), {
    headers,
    data: { year, start_month: 1, end_month: 12, goals: [{ month, enrollments: 25, income: 30000 }] },
  });
  expect(plan.status()).toBe(200);
  const [media] = (await (await request.get(url('medias?limit=1'), { headers })).json()).data;
  const [product] = (await (await request.get(url('products?limit=1'), { headers })).json()).data;
  const card = await request.post(url('opportunities'), {
    headers,
    data: {
      source_type: 'Offline',
      media_id: media.id,
      product_id: product.id,
      price: 1800,
      contact: { name: 'Aluna Matriculada Jornada', phone_number: '11961234567' },
    },
  });
  expect(card.status()).toBe(200);
  const cardId = (await card.json()).id as number;
  // A card changes stage only with a task: a registry of the enrolment call.
  const [taskType] = (await (await request.get(url('task-types?limit=1'), { headers })).json()).data;
  const [interaction] = (await (await request.get(url('interaction-types?limit=1'), { headers })).json())
    .data;
  const registry = await request.post(url('tasks'), {
    headers,
    data: {
      parent_id: cardId,
      task_type_id: taskType.id,
      interaction_type_id: interaction.id,
      is_registry: true,
    },
  });
  expect(registry.status(), await registry.text()).toBe(200);
  const won = await request.put(url(`opportunities/${cardId}/close`), {
    headers,
    data: { data: { state_type: 'Won' } },
  });
  expect(won.status(), await won.text()).toBe(200);
  return { id: (await plan.json()).id as number, month };
}

test('PLAT-047 the consult view shows the actual enrolments beside the month’s goal', async ({
  page,
  request,
}) => {
  const plan = await planAndWonCard(request);
  await signIn(page, 'gestor@franquia.local');
  await page.goto(`${franchise}/planning/consult?id=${plan.id}`);
  const table = page.getByRole('table', { name: 'Metas e realizado por mês' });
  const row = table.getByRole('row', { name: MONTHS[plan.month - 1] as string, exact: true });
  // The goal, then the actual: at least the card won just now.
  await expect(row.getByRole('cell').nth(1)).toHaveText('25');
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('0');
  const actual = Number(await row.getByRole('cell').nth(2).textContent());
  expect(actual).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('textbox', { name: /Matrículas presenciais em/ })).toHaveCount(0);
  await snap(page, 'planning-consult');
  await page.getByRole('button', { name: /Etapa 2/ }).click();
  await expect(page).toHaveURL(/\/planning\/consult\/steptwo\?id=\d+$/);
  await expect(page.getByRole('table', { name: 'Funil por mês' })).toBeVisible();
});

test('PLAT-048 PLAT-049 PLAT-182 a unit manager creates a Routine for the sales reps, applies it, and a rep sees it in the calendar', async ({
  page,
}) => {
  await signIn(page, 'gestor@franquia.local');
  await page.goto(`${franchise}/planning`);
  await page.getByRole('link', { name: 'Modelos de cronograma' }).click();
  await expect(page).toHaveURL(/\/planning\/templateManagement$/);
  await page.getByRole('textbox', { name: 'Nome do modelo' }).fill('Rotina da orientadora');
  await page.getByRole('button', { name: 'Criar modelo' }).click();
  await expect(toast(page, 'Modelo de cronograma salvo com sucesso!')).toBeVisible();
  const editor = page.getByLabel('Modelo Rotina da orientadora', { exact: true });
  await editor.getByRole('textbox', { name: 'Tarefa' }).fill('Ligar para os leads do dia');
  await choose(page, editor, 'Perfil', 'Atendente');
  await editor.getByLabel('Horário').fill('10:00');
  // Every day of the week, so that today has the task whatever day the journey runs.
  for (const day of ['Dom', 'Sáb']) await editor.getByText(day, { exact: true }).click();
  await editor.getByRole('button', { name: 'Salvar tarefas' }).click();
  // The creation's toast may still be on screen: the saving adds its own.
  await expect(toast(page, 'Modelo de cronograma salvo com sucesso!').last()).toBeVisible();
  await expect(page.getByRole('button', { name: /Rotina da orientadora/ })).toContainText('1 tarefa');
  await snap(page, 'planning-template-management');

  await page.goto(`${franchise}/planning/schedule`);
  const apply = page.getByLabel('Aplicar modelo', { exact: true });
  await choose(page, apply, 'Modelo', 'Rotina da orientadora (Rotina)');
  await apply.getByRole('button', { name: 'Aplicar modelo' }).click();
  await expect(apply.getByRole('status')).toHaveText(/^\d+ tarefas? criadas? para \d+ pessoas?\.$/);
  await expect(toast(page, 'Modelo aplicado ao cronograma com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: 'Ligar para os leads do dia' }).first()).toBeVisible();
  await snap(page, 'planning-schedule');

  // The rep's calendar shows the schedule task apart from card tasks.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'orientadora@franquia.local');
  await page.goto(`${franchise}/calendar`);
  const event = page.locator('.fc-event', { hasText: 'Cronograma · Ligar para os leads do dia' }).first();
  await expect(event).toBeVisible();
  await snap(page, 'planning-schedule-calendar');
  // A click opens the schedule task.
  await event.click();
  const opened = page.getByRole('dialog', { name: 'Tarefa do cronograma' });
  await expect(opened).toContainText('Ligar para os leads do dia');
  await expect(opened.getByRole('button', { name: 'Concluir' })).toBeVisible();
  await snap(page, 'planning-schedule-task-open');
  await opened.getByRole('button', { name: 'Fechar' }).click();
  await expect(opened).toHaveCount(0);
});
