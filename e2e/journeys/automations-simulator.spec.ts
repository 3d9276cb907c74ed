import { expect, type Page, test } from '@playwright/test';
import { choose, deleteAutomation, newLead, openNewLead, signedInAs, snap, toast } from '../support/app.ts';

const NAME = 'Boas-vindas a quem escreve';
const TASK = 'Ligar para quem escreveu';
const CUSTOMER = 'Helena Simulada';
const GREETING = `Olá, ${CUSTOMER}! Que bom falar com você.`;

/** The demo reps a new card may go to by the workspace's distribution, and how they sign in. */
const REPS: Record<string, string> = {
  'Alice Atendente': 'atendente@demo.local',
  'Bruno Barros': 'bruno@demo.local',
};

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** The sandbox's clock jumps ahead: the workspace's waiting runs go on to their next step now. */
const timePasses = (page: Page) =>
  page.evaluate(async () => {
    const token = localStorage.getItem('vendaval.token');
    const workspace = localStorage.getItem('vendaval.workspace');
    const res = await fetch(`/api/v1/workspaces/${workspace}/automations/sandbox-end-waits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as { started: number } };
  });

test.describe('automations with the customer simulator', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an admin builds "new lead from the simulator → template greeting → wait 1 minute → task for the rep", sees the forecast, publishes; a customer writes, gets the greeting, and after the minute the rep has the task on the calendar', async ({
    page,
    browser,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await menu(page).getByRole('link', { name: 'Automações' }).click();
    await page.getByRole('button', { name: 'Nova automação' }).click();
    const create = page.getByRole('dialog', { name: 'Nova automação' });
    await create.getByRole('textbox', { name: 'Nome' }).fill(NAME);
    await create.getByRole('button', { name: 'Criar' }).click();
    await expect(page.getByRole('textbox', { name: 'Nome da automação' })).toHaveValue(NAME);

    // Trigger: a card created by a conversation, as the simulator's customer makes it.
    const flow = page.getByTestId('automation-flow');
    const form = page.getByTestId('automation-node-form');
    await expect(form.getByRole('textbox', { name: 'Quando' })).toHaveValue('Oportunidade criada');
    await form.getByRole('textbox', { name: 'Origem da oportunidade' }).click();
    await page.getByRole('option', { name: 'Conversa', exact: true }).click();
    await form.getByRole('heading', { name: 'Gatilho' }).click();
    await expect(form.getByText('Conversa', { exact: true })).toBeVisible();
    await snap(page, 'automation-journey-trigger');

    // Action 1: the demo template greeting the contact by name.
    await flow.getByText('1. Aguardar').click();
    await choose(page, form, 'Tipo de ação', 'Enviar template');
    await choose(page, form, 'Funcionário digital', 'Assistente Virtual');
    await choose(page, form, 'Template', 'boas_vindas');
    const compose = page.getByRole('dialog', { name: 'Enviar Template' });
    await compose.getByRole('button', { name: 'Variável para Body {{1}}' }).click();
    await page
      .getByRole('dialog', { name: 'Selecione a variável desejada' })
      .getByRole('button', { name: 'Cliente', exact: true })
      .click();
    await expect(compose.getByRole('textbox', { name: 'Body {{1}}' })).toHaveValue('{{name}}');
    await compose.getByRole('button', { name: 'Confirmar' }).click();
    await expect(compose).toBeHidden();
    await expect(form.getByTestId('template-preview')).toHaveText(
      'Olá, [Cliente]! Que bom falar com você. Posso ajudar a escolher o melhor curso para você?',
    );
    await expect(flow.getByText('1. Enviar template')).toBeVisible();
    await snap(page, 'automation-journey-template');

    // Action 2: a minute's wait.
    await page.getByRole('button', { name: 'Adicionar ação' }).click();
    await page.getByRole('menuitem', { name: 'Aguardar' }).click();
    await expect(form.getByRole('heading', { name: 'Ação 2' })).toBeVisible();
    await form.getByRole('textbox', { name: 'Aguardar' }).fill('1');
    await choose(page, form, 'Unidade', 'Minutos');
    await expect(flow.getByText('2. Aguardar')).toBeVisible();
    await snap(page, 'automation-journey-wait');

    // Action 3: a task for the card's rep.
    await page.getByRole('button', { name: 'Adicionar ação' }).click();
    await page.getByRole('menuitem', { name: 'Criar tarefa' }).click();
    await expect(form.getByRole('heading', { name: 'Ação 3' })).toBeVisible();
    await form.getByRole('textbox', { name: 'Nome da tarefa' }).fill(TASK);
    await choose(page, form, 'Tipo de tarefa', 'Ligar');
    await choose(page, form, 'Tipo de interação', 'Ligação');
    await expect(flow.getByText('3. Criar tarefa')).toBeVisible();
    await snap(page, 'automation-journey-task');

    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect(toast(page, 'Rascunho salvo.')).toBeVisible();

    // The forecast before publishing: the open cards it reaches now and the flow's steps.
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    const publish = page.getByRole('dialog', { name: 'Publicar automação' });
    await expect(publish.getByTestId('automation-forecast')).toContainText(/cards? abertos? atende/);
    await expect(publish.getByTestId('automation-forecast-steps').getByRole('listitem')).toHaveText([
      'Gatilho: Oportunidade criada (Conversa)',
      '1. Enviar template',
      '2. Aguardar 1 minuto',
      '3. Criar tarefa',
    ]);
    await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
    await snap(page, 'automation-journey-forecast');
    await publish.getByRole('button', { name: 'Publicar v1' }).click();
    await expect(toast(page, 'Versão 1 publicada.')).toBeVisible();

    // A customer writes from the simulator: a new card, and the greeting reaches the phone.
    const customer = await browser.newContext();
    const phone = await customer.newPage();
    await signedInAs(phone, 'admin@demo.local');
    await phone.getByRole('link', { name: 'Simulador de cliente' }).click();
    await expect(phone).toHaveTitle('Simulador de cliente | CRM');
    await expect(phone.getByRole('textbox', { name: 'Funcionário digital' })).toHaveValue(
      'Assistente Virtual',
    );
    await phone.getByRole('textbox', { name: 'Telefone do cliente' }).fill('11 96543-7788');
    await phone.getByRole('textbox', { name: 'Nome do cliente' }).fill(CUSTOMER);
    const handset = phone.getByRole('region', { name: 'Celular do cliente' });
    await handset.getByRole('textbox', { name: 'Mensagem do cliente' }).fill('Oi! Quero conhecer os cursos.');
    await handset.getByRole('button', { name: 'Enviar' }).click();
    await expect(handset.getByText('Oi! Quero conhecer os cursos.')).toBeVisible();
    await expect(handset.getByTestId('phone-bubble').filter({ hasText: GREETING })).toBeVisible();
    await phone.mouse.move(0, 0);
    await snap(phone, 'automation-journey-simulator');

    // The run log: the greeting went, the wait is waiting.
    await page.getByRole('tab', { name: 'Execuções' }).click();
    const run = page.getByTestId('automation-run').filter({ hasText: CUSTOMER });
    await expect(run.getByText('Ação 2: Aguardar — aguardando')).toBeVisible();
    await expect(run.getByText('Em andamento')).toBeVisible();
    await expect(run.getByText('Ação 1: Enviar template — feita')).toBeVisible();
    await expect(run.getByText(/Ação 3/)).toHaveCount(0);
    await snap(page, 'automation-journey-log-waiting');

    // The minute passes on the sandbox's clock, not on the wall.
    const jump = await timePasses(page);
    expect(jump.status).toBe(200);
    expect(jump.body.started).toBeGreaterThanOrEqual(1);
    await expect(run.getByText('Concluída')).toBeVisible();
    await expect(run.getByText('Ação 2: Aguardar — feita')).toBeVisible();
    await expect(run.getByText('Ação 3: Criar tarefa — feita')).toBeVisible();
    await snap(page, 'automation-journey-log');

    // The card went to a rep by the distribution: the task is on that rep's calendar.
    await menu(page).getByRole('link', { name: 'Pipeline' }).click();
    const card = await openNewLead(page, CUSTOMER);
    const rep = (await card.getByLabel('Responsável').innerText()).trim();
    const login = REPS[rep];
    if (!login) throw new Error(`the card went to ${rep}, who is not a demo rep`);
    await card.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(card).toBeHidden();

    const repContext = await browser.newContext();
    const calendar = await repContext.newPage();
    await signedInAs(calendar, login);
    await menu(calendar).getByRole('link', { name: 'Pipeline' }).click();
    await newLead(calendar, CUSTOMER).click();
    await calendar.getByRole('dialog', { name: CUSTOMER }).getByRole('link', { name: 'Ver agenda' }).click();
    await expect(calendar).toHaveTitle('Calendário | CRM');
    await expect(
      calendar.getByRole('region', { name: 'Agenda' }).getByRole('button', { name: `${TASK} — ${CUSTOMER}` }),
    ).toBeVisible();
    await expect(calendar.locator('.fc-event').filter({ hasText: TASK })).toBeVisible();
    await snap(calendar, 'automation-journey-calendar');
    await repContext.close();
    await customer.close();

    // The journeys share one server: the automation goes, so later journeys' new cards get no greeting.
    await menu(page).getByRole('link', { name: 'Automações' }).click();
    await deleteAutomation(page, NAME);
  });
});
