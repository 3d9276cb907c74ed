import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInAs, snap } from '../support/app.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('workspace management', () => {
  test('PLAT-056 PLAT-231 PLAT-236 PLAT-238 an admin creates a workspace, finds it in the switcher with its stages, adds a member and reads the audit', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await menu(page).getByRole('button', { name: 'Expandir menu' }).click();
    await menu(page).getByRole('link', { name: 'Workspaces' }).click();
    await expect(page).toHaveURL(/\/workspace-management$/);
    await expect(page).toHaveTitle('Gerenciamento de workspaces | CRM');
    await expect(page.locator('.mantine-Card-root').filter({ hasText: 'Escola Centro' })).toBeVisible();

    await page.getByRole('button', { name: 'Novo workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo workspace' });
    await dialog.getByRole('button', { name: 'Criar workspace' }).click();
    await expect(dialog.getByText('O nome deve ter no mínimo 2 caracteres')).toBeVisible();
    await dialog.getByLabel('Nome').fill('Escola Litoral');
    await dialog.getByLabel('Exigir tarefa para mudar de etapa').uncheck({ force: true });
    await snap(page, 'workspace-new');
    await dialog.getByRole('button', { name: 'Criar workspace' }).click();
    await expect(toast(page, 'Workspace criado com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = page.locator('.mantine-Card-root').filter({ hasText: 'Escola Litoral' });
    await expect(card.getByText('Etapa muda sem tarefa')).toBeVisible();
    await page.mouse.move(1400, 880);
    await snap(page, 'workspace-management');

    // The new workspace is in the switcher; its board has the default stages.
    await menu(page).getByRole('button', { name: 'Expandir menu' }).click();
    await choose(page, menu(page), 'Workspace', 'Escola Litoral');
    await menu(page).getByRole('link', { name: 'Pipeline' }).click();
    for (const stage of ['Novo lead', 'Em atendimento', 'Negociação']) {
      await expect(page.getByRole('heading', { name: stage }).first()).toBeVisible();
    }

    // Carla, who already has an account, joins it as a salesRep.
    await page.goto('/workspace-management');
    await card.getByRole('button', { name: 'Membros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Membros de Escola Litoral' });
    await drawer.getByLabel('E-mail ou usuário').fill('carla@demo.local');
    await drawer.getByRole('button', { name: 'Adicionar membro' }).click();
    await expect(toast(page, 'Carla Campos agora faz parte do workspace.')).toBeVisible();
    await expect(drawer.getByRole('listitem').filter({ hasText: 'Carla Campos' })).toBeVisible();
    await drawer.getByLabel('E-mail ou usuário').fill('ninguem@demo.local');
    await drawer.getByRole('button', { name: 'Adicionar membro' }).click();
    await expect(toast(page, 'Nenhum usuário encontrado com este e-mail ou usuário.')).toBeVisible();
    await snap(page, 'workspace-members');
    await drawer.getByRole('button', { name: 'Fechar' }).click();

    // The audit names who did what.
    await page.getByRole('tab', { name: 'Auditoria' }).click();
    await expect(page).toHaveURL(/tab=auditoria/);
    await choose(page, page.getByRole('tabpanel'), 'Workspace', 'Escola Litoral');
    await expect(row(page, 'Workspace criado').getByText('Ana Administradora')).toBeVisible();
    await page.getByText('Usuários', { exact: true }).click();
    await expect(row(page, 'Adicionado ao workspace').getByText('Carla Campos')).toBeVisible();
    await expect(row(page, 'Adicionado ao workspace').getByText('Como Atendente')).toBeVisible();
    await snap(page, 'workspace-audit');
  });

  test('PLAT-118 PLAT-235 PLAT-236 an admin sets who a member reports to, and opens a member’s opportunities', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await page.goto('/users');
    await page.getByRole('button', { name: 'Ações de Alice Atendente' }).click();
    await page.getByRole('menuitem', { name: 'Definir gestor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Definir gestor' });
    await choose(page, dialog, 'Responde a', 'Gustavo Gerente');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Gestor alterado com sucesso!')).toBeVisible();

    await row(page, 'Alice Atendente').getByText('Alice Atendente').click();
    const drawer = page.getByRole('dialog', { name: 'Detalhes do usuário' });
    await expect(drawer.getByText('Gustavo Gerente')).toBeVisible();
    await expect(drawer.getByText('Gestor alterado')).toBeVisible();
    await snap(page, 'users-manager');
    await drawer.getByRole('button', { name: 'Fechar' }).click();

    const aliceId = await page.evaluate(async () => {
      const token = localStorage.getItem('vendaval.token');
      const workspace = localStorage.getItem('vendaval.workspace');
      const res = await fetch(`/api/v1/workspaces/${workspace}/users?search=alice`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await res.json()).data[0].id as number;
    });
    const boardRequest = page.waitForRequest(
      (r) => /\/opportunities/.test(r.url()) && new URL(r.url()).searchParams.getAll('user_id').length > 0,
    );
    await page.getByRole('button', { name: 'Ações de Alice Atendente' }).click();
    await page.getByRole('menuitem', { name: 'Ver oportunidades' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL((await boardRequest).url()).searchParams.getAll('user_id')).toEqual([String(aliceId)]);
  });
});
