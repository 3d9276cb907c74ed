import { expect, type Page, test } from '@playwright/test';
import {
  choose,
  createCard,
  deleteAutomation,
  openNewLead,
  signedInAs,
  snap,
  toast,
} from '../support/app.ts';

const NAME = 'Tarefa para novos leads';
const TASK = 'Ligar para o lead novo';

async function openAutomations(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Automações' })
    .click();
  await expect(page).toHaveTitle('Automações | CRM');
}

test.describe('automations', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  test('PLAT-059 an admin builds "card created → task for the responsible", publishes after the forecast and watches it run', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await openAutomations(page);
    await page.getByRole('button', { name: 'Nova automação' }).click();
    const create = page.getByRole('dialog', { name: 'Nova automação' });
    await create.getByRole('textbox', { name: 'Nome' }).fill(NAME);
    await create.getByRole('button', { name: 'Criar' }).click();
    await expect(page.getByRole('textbox', { name: 'Nome da automação' })).toHaveValue(NAME);

    // The trigger is already "Oportunidade criada"; the starter step becomes a task.
    const form = page.getByTestId('automation-node-form');
    await expect(form.getByRole('textbox', { name: 'Quando' })).toHaveValue('Oportunidade criada');
    await page.getByTestId('automation-flow').getByText('1. Aguardar').click();
    await choose(page, form, 'Tipo de ação', 'Criar tarefa');
    await form.getByRole('textbox', { name: 'Nome da tarefa' }).fill(TASK);
    await choose(page, form, 'Tipo de tarefa', 'Ligar');
    await choose(page, form, 'Tipo de interação', 'Ligação');
    await expect(page.getByTestId('automation-flow').getByText('1. Criar tarefa')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect(toast(page, 'Rascunho salvo.')).toBeVisible();
    await snap(page, 'automation-editor');

    await page.getByRole('tab', { name: 'Versões' }).click();
    await expect(page.getByText('Nenhuma versão publicada: todo o fluxo é novo.')).toBeVisible();

    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    const publish = page.getByRole('dialog', { name: 'Publicar automação' });
    await expect(publish.getByTestId('automation-forecast')).toContainText(/cards? abertos? atende/);
    await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
    await snap(page, 'automation-publish');
    await publish.getByRole('button', { name: 'Publicar v1' }).click();
    await expect(toast(page, 'Versão 1 publicada.')).toBeVisible();
    await expect(page.getByTestId('automation-version')).toHaveCount(1);
    await expect(page.getByTestId('automation-version').getByText('Publicada')).toBeVisible();

    await page.getByRole('button', { name: 'Automações' }).click();
    const row = page.getByTestId('automation-card').filter({ hasText: NAME });
    await expect(row.getByText('Publicada v1')).toBeVisible();
    await expect(row.getByRole('switch')).toBeChecked();
    await snap(page, 'automation-list');

    // A card made on the board sets the automation off.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pipeline' })
      .click();
    await createCard(page, 'Renata Robô', '11987650911');

    await openAutomations(page);
    await page
      .getByTestId('automation-card')
      .filter({ hasText: NAME })
      .getByRole('button', { name: `Abrir ${NAME}` })
      .click();
    await page.getByRole('tab', { name: 'Execuções' }).click();
    const run = page.getByTestId('automation-run').filter({ hasText: 'Renata Robô' });
    await expect(run.getByText('Concluída')).toBeVisible({ timeout: 60_000 });
    await expect(run.getByText('v1', { exact: true })).toBeVisible();
    await expect(run.getByText('Ação 1: Criar tarefa — feita')).toBeVisible();
    await snap(page, 'automation-log');

    // The task is on the card, for its responsible.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pipeline' })
      .click();
    const card = await openNewLead(page, 'Renata Robô');
    await card.getByRole('tab', { name: 'Histórico do contato' }).click();
    const history = card.getByRole('region', { name: 'Histórico de atividades' });
    const task = history
      .getByRole('listitem', { name: /^Tarefa agendada/ })
      .filter({ hasText: 'Ação: Ligar' });
    await expect(task).toBeVisible();
    await expect(task.getByText('Sistema')).toBeVisible();
    await card.getByRole('button', { name: 'Fechar' }).first().click();

    // The journeys share one server: the automation goes, so later journeys' new cards get no task.
    await openAutomations(page);
    await expect(
      page.getByTestId('automation-card').filter({ hasText: NAME }).getByLabel(`Execuções de ${NAME}`),
    ).toHaveText(/[1-9]\d* execuç(ão|ões)/);
    await expect(page.getByRole('region', { name: 'Modelos' }).getByTestId('recipe-card')).toHaveCount(3);
    await snap(page, 'automation-recipes');
    await deleteAutomation(page, NAME);
  });

  test('a sales rep has no Automações entry and cannot open the screen', async ({ page }) => {
    await signedInAs(page, 'atendente@demo.local');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Pipeline' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Automações' })).toHaveCount(0);
    await page.goto('/automation');
    await expect(page.getByRole('button', { name: 'Nova automação' })).toHaveCount(0);
    await expect(page).not.toHaveTitle('Automações | CRM');
  });
});
