import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEFAULT_WORKSPACE_SETTINGS } from '@vendaval/core/schemas/workspaces';
import { signedInAs, snap } from '../support/app.ts';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The options a select of the form offers, as the user sees them. */
async function optionsOf(page: Page, scope: Locator, label: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  const options = page.getByRole('listbox').last().getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  return names;
}

/** Puts the workspace's settings back through the API, so no later journey inherits them. */
const resetSettings = (page: Page) =>
  page.evaluate(async (settings) => {
    const token = localStorage.getItem('vendaval.token');
    const workspace = localStorage.getItem('vendaval.workspace');
    await fetch(`/api/v1/workspaces/${workspace}/settings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
  }, DEFAULT_WORKSPACE_SETTINGS);

test('PLAT-113 PLAT-115 OPP-017 OPP-116 PLAT-016 PLAT-238 an admin edits the workspace settings; the board, the card form and the calendar follow, and the audit says from and to', async ({
  page,
}) => {
  await signedInAs(page, 'admin@demo.local');
  await page.goto('/workspace-management');
  const card = page.locator('.mantine-Card-root').filter({ hasText: 'Escola Centro' });
  await card.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar workspace' });
  await dialog.getByLabel('Manter filtros por padrão').check({ force: true });
  await choose(page, dialog, "Campo 'Não é aluno?' no cadastro de cards", 'Exibir');
  await choose(page, dialog, 'Distribuição de cards novos e transferidos', 'Sempre o mesmo usuário');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Escolha quem recebe os cards da distribuição.')).toBeVisible();
  await choose(page, dialog, 'Usuário que recebe os cards', 'Bruno Barros');
  await choose(page, dialog, 'Ações oferecidas ao criar tarefa pelo Calendário', 'Ligar');
  await dialog.getByRole('heading', { name: 'Editar workspace' }).click(); // closes the list
  await snap(page, 'workspace-settings-form');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Workspace atualizado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The audit names every change, from and to.
  await page.getByRole('tab', { name: 'Auditoria' }).click();
  await choose(page, page.getByRole('tabpanel'), 'Workspace', 'Escola Centro');
  const change = row(page, 'Configurações alteradas').first();
  await expect(change.getByText(/Manter filtros por padrão: Não → Sim/)).toBeVisible();
  await expect(change.getByText(/Usuário da distribuição: — → Bruno Barros/)).toBeVisible();
  await expect(change.getByText(/Ações do Calendário: Todas → Ligar/)).toBeVisible();
  await expect(change.getByText('Ana Administradora')).toBeVisible();
  await snap(page, 'workspace-settings-audit');

  // Someone who never chose finds 'Manter filtros' on, from the workspace.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Pipeline' })
    .click();
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await expect(page.getByRole('switch', { name: 'Manter filtros' })).toBeChecked();
  await page.keyboard.press('Escape');

  // The card form offers 'Não é aluno?', which the platform alone does not.
  await page.getByRole('button', { name: 'Criar Card' }).click();
  const create = page.getByRole('dialog', { name: 'Criar Card' });
  await expect(create.getByRole('checkbox', { name: 'Não é aluno?' })).toBeVisible();
  await create.getByRole('button', { name: 'Cancelar' }).click();

  // A task made on the calendar offers only the chosen action.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Calendário' })
    .click();
  await expect(page.locator('.fc-dayGridMonth-view')).toBeVisible();
  const cell = page.locator('td.fc-daygrid-day').nth(17);
  const box = await cell.boundingBox();
  if (!box) throw new Error('no day on the calendar');
  await page.mouse.click(box.x + box.width / 2, box.y + 12);
  const form = page.getByRole('dialog', { name: 'Criar Tarefa' });
  expect(await optionsOf(page, form, 'Ação')).toEqual(['Ligar']);
  await form.getByRole('button', { name: 'Cancelar' }).click();

  await resetSettings(page);
});
