import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
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

/** The API of Unidade Jardins as its manager. */
async function jardinsApi(request: APIRequestContext) {
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
  const get = async (path: string) => (await request.get(url(path), { headers })).json();
  return { headers, url, get };
}

/**
 * A card of the campaign won now, through the API as the unit manager: an enrolment of this year, of the first
 * product (an on-site course) unless another is named, for a contact of its own phone.
 */
async function winCardOfCampaign(
  request: APIRequestContext,
  campaignName: string,
  { product: productName, phone = '11962345678' }: { product?: string; phone?: string } = {},
) {
  const { headers, url, get } = await jardinsApi(request);
  const first = async (path: string) => (await get(path)).data;
  const campaign = (await first('campaigns?limit=500')).find(
    (c: { name: string }) => c.name === campaignName,
  );
  const [media] = await first('medias?limit=1');
  const products: { id: number; name: string }[] = await first('products?limit=500');
  const product = productName ? products.find((p) => p.name === productName) : products[0];
  if (!product) throw new Error(`no product ${productName}`);
  const card = await request.post(url('opportunities'), {
    headers,
    data: {
      source_type: 'Offline',
      media_id: media.id,
      campaign_id: campaign.id,
      product_id: product.id,
      price: 1200,
      contact: { name: 'Calouro do Vestibular', phone_number: phone },
    },
  });
  expect(card.status(), await card.text()).toBe(200);
  const cardId = (await card.json()).id as number;
  const [taskType] = await first('task-types?limit=1');
  const [interaction] = await first('interaction-types?limit=1');
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
}

const indicatorOf = async (page: Page, what: string) => {
  const text = await page
    .getByRole('article', { name: `Ação ${what}` })
    .getByLabel('Indicador')
    .textContent();
  return Number(/Matrículas: (\d+) de/.exec(text ?? '')?.[1]);
};

test('PLAT-104 PLAT-105 PLAT-106 PLAT-050 PLAT-051 PLAT-184 the list filter, then the graduation 5W2H feeds the PDCA, whose indicator moves with a won card, and the PDCA exports', async ({
  page,
  request,
}) => {
  await page.goto(`${franchise}/login`);
  await page.getByLabel('E-mail ou usuário').fill('gestor@franquia.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('main').getByText('Unidade Jardins')).toBeVisible();

  // The list filter: available plans are the ones the unit may still write, unavailable the submitted ones.
  await page.getByRole('link', { name: 'Planejamento', exact: true }).click();
  await page.getByRole('button', { name: 'Filtros' }).click();
  const filters = page.getByRole('region', { name: 'Filtros dos planejamentos' });
  await expect(filters.getByLabel('Tipo de data')).toHaveValue('Data de criação');
  await choose(page, filters, 'Tipo de data', 'Data de atualização');
  await choose(page, filters, 'Situação', 'Indisponível');
  const list = page.getByRole('article', { name: /^Planejamento \d{4}$/ });
  await expect(list.getByRole('link', { name: 'Ver' }).first()).toBeVisible();
  await expect(list.getByRole('link', { name: 'Continuar' })).toHaveCount(0);
  await snap(page, 'planning-list-filter');
  await choose(page, filters, 'Situação', 'Disponível');
  await expect(list.getByRole('link', { name: 'Ver' })).toHaveCount(0);
  await filters.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(filters.getByLabel('Situação')).toHaveValue('');

  // The graduation intake's 5W2H: its own plan of this year, with an action measured by enrolments.
  await page.getByRole('link', { name: '5W2H Graduação' }).click();
  await expect(page).toHaveURL(/\/planning\/graduation5w2h$/);
  await expect(page).toHaveTitle('5W2H Graduação | CRM');
  await expect(page.getByRole('heading', { name: '5W2H Graduação' })).toBeVisible();
  const year = String(new Date().getFullYear());
  await page.getByRole('button', { name: `Criar 5W2H de ${year}` }).click();
  const what = 'Vestibular no colégio parceiro';
  const action = page.getByRole('region', { name: 'Nova ação' });
  await action.getByLabel('O quê').fill(what);
  await action.getByLabel('Quando').fill(`${year}-05-20`);
  await choose(page, action, 'Quem', 'Olívia Orientadora');
  await choose(page, action, 'Campanha', 'Volta às Aulas');
  await choose(page, action, 'Indicador', 'Matrículas');
  await action.getByLabel('Meta do indicador').fill('1000');
  await action.getByRole('button', { name: 'Incluir ação' }).click();
  await expect(
    page.getByRole('table', { name: 'Plano de ação 5W2H' }).getByRole('row', { name: /Vestibular/ }),
  ).toBeVisible();
  await snap(page, 'planning-graduation-5w2h');

  // The PDCA: the action's enrolments against its target, moving when a card of its campaign is won.
  await page.goto(`${franchise}/planning/pdca`);
  await expect(page).toHaveTitle('PDCA | CRM');
  await choose(page, page.getByRole('main'), 'Planejamento', `5W2H Graduação ${year}`);
  const card = page.getByRole('article', { name: `Ação ${what}` });
  await expect(card.getByLabel('Indicador')).toHaveText(/^Matrículas: \d+ de 1000$/);
  await expect(card.getByText('Meta não atingida')).toBeVisible();
  const before = await indicatorOf(page, what);
  await winCardOfCampaign(request, 'Volta às Aulas');
  await page.reload();
  await expect(card.getByLabel('Indicador')).toHaveText(`Matrículas: ${before + 1} de 1000`);

  // Check failed: Act needs the corrective action, which is kept as typed.
  await card.getByText('Verificar', { exact: true }).click();
  await expect(toast(page, 'PDCA salvo com sucesso!')).toBeVisible();
  await card.getByLabel('Ação corretiva').fill('Levar o vestibular a mais duas escolas');
  await card.getByText('Agir', { exact: true }).click();
  await expect(card.getByRole('radio', { name: 'Agir' })).toBeChecked();
  await snap(page, 'planning-pdca');

  // The export is a job: its notification downloads the file, a sheet or a PDF to print.
  const started = 'Exportação do PDCA iniciada: o arquivo chega nas notificações quando estiver pronto.';
  for (const format of ['xlsx', 'pdf']) {
    await page.getByRole('button', { name: `Exportar ${format.toUpperCase()}` }).click();
    await expect(toast(page, started)).toBeVisible();
    await page.getByTestId('notification-bell').click();
    const item = page
      .getByTestId('notification-item')
      .filter({ hasText: 'Exportação concluída' })
      .filter({ hasText: new RegExp(`pdca-\\d{4}-\\d{2}-\\d{2}\\.${format}`) })
      .first();
    await expect(item).toBeVisible();
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: /^Exportação concluída/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^pdca-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
    if (format === 'pdf') {
      const bytes = await readFile(await file.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    await page.keyboard.press('Escape');
    await expect(toast(page, started)).toHaveCount(0);
  }
});

type Series = {
  months: { month: number; goal: number; actual: number | null }[];
  total_actual: number | null;
};

test('PLAT-255 the planning dashboards show each goal against the won cards month by month, and which units submitted', async ({
  page,
  request,
}) => {
  const thisYear = new Date().getFullYear();
  const nextYear = thisYear + 1;
  const { get } = await jardinsApi(request);
  const enrollments = (): Promise<Series> => get(`planning-dashboards/enrollments?year=${thisYear}`);
  const before = await enrollments();

  await page.goto(`${franchise}/login`);
  await page.getByLabel('E-mail ou usuário').fill('gestor@franquia.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('main').getByText('Unidade Jardins')).toBeVisible();
  await page.getByRole('link', { name: 'Planejamento', exact: true }).click();
  await page.getByRole('link', { name: 'Dashboards' }).click();
  await expect(page).toHaveURL(/\/planning\/dashboards$/);
  await expect(page).toHaveTitle('Dashboards do planejamento | CRM');

  // This year has no regular plan: the goals are zero and the won cards still count.
  await expect(page.getByText(`A unidade não tem planejamento de ${thisYear}`)).toBeVisible();
  const summary = page.getByRole('table', { name: 'Metas e realizado do ano' });
  const summaryRow = summary.getByRole('row', { name: /^Matrículas presenciais/ });
  await expect(summaryRow.getByRole('cell').nth(2)).toHaveText(String(before.total_actual));

  // A card won now is an enrolment of this month, on the chart's table and in the year's total.
  await winCardOfCampaign(request, 'Volta às Aulas');
  const after = await enrollments();
  const grown = after.months.find((m, i) => (m.actual ?? 0) > (before.months[i]?.actual ?? 0));
  expect(grown, 'the won card counts in one month').toBeDefined();
  expect(after.total_actual).toBe((before.total_actual ?? 0) + 1);
  await page.reload();
  const byMonth = page.getByRole('table', { name: 'Meta e realizado por mês' });
  const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(thisYear, (grown?.month ?? 1) - 1, 15)),
  );
  const monthRow = byMonth.getByRole('row', { name: new RegExp(`^${monthName}`, 'i') });
  await expect(monthRow.getByRole('cell').nth(2)).toHaveText(String(grown?.actual));
  await expect(
    byMonth
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText(String(after.total_actual));
  await expect(summaryRow.getByRole('cell').nth(2)).toHaveText(String(after.total_actual));
  await snap(page, 'planning-dashboards-no-plan');

  // A remote course won now is a remote enrolment: it moves 'Matrículas EAD' and leaves the on-site ones alone.
  const remoteEnrollments = (): Promise<Series> =>
    get(`planning-dashboards/remote-enrollments?year=${thisYear}`);
  const remoteBefore = await remoteEnrollments();
  await winCardOfCampaign(request, 'Volta às Aulas', {
    product: 'Curso de Inglês EAD',
    phone: '11962345679',
  });
  const remoteAfter = await remoteEnrollments();
  expect(remoteAfter.total_actual).toBe((remoteBefore.total_actual ?? 0) + 1);
  expect((await enrollments()).total_actual).toBe(after.total_actual);
  await page.reload();
  const remoteRow = summary.getByRole('row', { name: /^Matrículas EAD/ });
  await expect(remoteRow.getByRole('cell').nth(2)).toHaveText(String(remoteAfter.total_actual));
  await expect(summaryRow.getByRole('cell').nth(2)).toHaveText(String(after.total_actual));
  await remoteRow.getByRole('button', { name: 'Matrículas EAD' }).click();
  await expect(
    page.getByRole('heading', { name: `Matrículas EAD: meta x realizado em ${thisYear}` }),
  ).toBeVisible();
  await expect(
    byMonth
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText(String(remoteAfter.total_actual));
  await snap(page, 'planning-dashboards-remote');
  await summary.getByRole('button', { name: 'Matrículas presenciais' }).click();

  // Next year's plan, registered and submitted above: March's goal of 30 on-site enrolments.
  await choose(page, page.getByRole('main'), 'Ano', String(nextYear));
  const planned: Series = await get(`planning-dashboards/enrollments?year=${nextYear}`);
  expect(planned.months.find((m) => m.month === 3)?.goal).toBe(30);
  await expect(
    page.getByRole('region', { name: `Resumo de ${nextYear}` }).getByText('Enviado'),
  ).toBeVisible();
  await expect(
    byMonth
      .getByRole('row', { name: /^Março/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('30');
  await expect(summaryRow.getByRole('cell').nth(1)).toHaveText('30');
  const units = page.getByRole('table', { name: 'Unidades e envio do planejamento' });
  const jardinsRow = units.getByRole('row', { name: /Unidade Jardins/ });
  await expect(jardinsRow).toContainText('Enviado');
  await snap(page, 'planning-dashboards');

  // The income indicator, in reais.
  await summary.getByRole('button', { name: 'Faturamento presencial' }).click();
  await expect(
    page.getByRole('heading', { name: `Faturamento presencial: meta x realizado em ${nextYear}` }),
  ).toBeVisible();
  await expect(
    byMonth
      .getByRole('row', { name: /^Março/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(/^R\$\s45\.000,00$/);
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

test('PLAT-246 a franchise admin says what each product is: its category and whether on site or at a distance', async ({
  page,
}) => {
  await page.goto(`${franchise}/login`);
  await page.getByLabel('E-mail ou usuário').fill('admin@franquia.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Editar Listas' })
    .click();
  await page.getByRole('main').getByText('Produtos', { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Produtos', level: 2 })).toBeVisible();
  const ead = page.getByRole('row', { name: /^Curso de Inglês EAD/ });
  await expect(ead).toContainText('Matrícula');
  await expect(ead).toContainText('A distância');

  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Nome (novo item)' }).fill('Apostila de Espanhol EAD');
  await choose(page, main, 'Categoria (novo item)', 'Material didático');
  await choose(page, main, 'Modalidade (novo item)', 'A distância');
  await main.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await snap(page, 'lists-products-pending');
  await page.getByRole('button', { name: 'Salvar alterações (1)' }).click();
  await expect(toast(page, 'Alterações salvas com sucesso!')).toBeVisible();
  const added = page.getByRole('row', { name: /^Apostila de Espanhol EAD/ });
  await expect(added).toContainText('Material didático');
  await expect(added).toContainText('A distância');
  await snap(page, 'lists-products');
});
