import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, lastMailTo, linkIn, signedInAs, snap } from '../support/app.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function rowAction(page: Page, name: string, action: string, scope: Page | Locator = page) {
  await scope.getByRole('button', { name: `Ações de ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function changeRole(page: Page, name: string, role: string) {
  await rowAction(page, name, 'Alterar função');
  const dialog = page.getByRole('dialog', { name: 'Alterar função' });
  await choose(page, dialog, 'Função', role);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Função alterada com sucesso!').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, name).getByText(role, { exact: true })).toBeVisible();
}

test.describe('users', () => {
  test('PLAT-042 PLAT-234 PLAT-235 PLAT-236 PLAT-238 an admin lists, searches, invites, changes roles and status, sees the history and removes a member', async ({
    page,
    request,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    const firstPage = page.waitForRequest((r) => /\/workspaces\/\d+\/users\?/.test(r.url()));
    await menu(page).getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page).toHaveTitle('Usuários | CRM');
    expect(new URL((await firstPage).url()).searchParams.get('limit')).toBe('50');

    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await expect(row(page, 'Ana Administradora').getByText('Administrador', { exact: true })).toBeVisible();
    await expect(row(page, 'Gustavo Gerente').getByText('Gerente', { exact: true })).toBeVisible();
    await expect(row(page, 'Alice Atendente').getByText('Atendente', { exact: true })).toBeVisible();
    await expect(row(page, 'Bruno Barros').getByText('Atendente', { exact: true })).toBeVisible();
    await expect(row(page, 'Bruno Barros').getByText('Em atividade')).toBeVisible();
    await expect(
      row(page, 'Ana Administradora').getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}h\d{2}$/),
    ).toBeVisible();
    await page.mouse.move(1400, 880); // away from the menu's tooltip
    await snap(page, 'users-list');

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('bruno');
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, 'Bruno Barros')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await expect(row(page, 'Ana Administradora')).toBeVisible();

    // Invite a manager; the invitation e-mail arrives.
    await page.getByRole('button', { name: 'Convidar usuário' }).click();
    const invite = page.getByRole('dialog', { name: 'Convidar usuário' });
    await invite.getByLabel('E-mail').fill('novo.gerente@demo.local');
    await choose(page, invite, 'Função', 'Gerente');
    await snap(page, 'users-invite');
    await invite.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(toast(page, 'Convite enviado para novo.gerente@demo.local')).toBeVisible();
    await expect(invite).toBeHidden();
    const mail = lastMailTo('novo.gerente@demo.local');
    const link = linkIn(mail.text, /\/user-invitations\/[\w-]+\/validate/);

    // The invitee accepts, and shows up as a manager.
    const invitationId = link.pathname.split('/')[2];
    const accepted = await request.post(`/api/v1/user-invitations/${invitationId}/fulfill`, {
      data: { name: 'Nicolau Novo', password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
    });
    expect(accepted.status()).toBe(200);
    await page.reload();
    await expect(row(page, 'Nicolau Novo').getByText('Gerente', { exact: true })).toBeVisible();

    // Bruno becomes a manager and back, then goes on vacation.
    await changeRole(page, 'Bruno Barros', 'Gerente');
    await changeRole(page, 'Bruno Barros', 'Atendente');
    await rowAction(page, 'Bruno Barros', 'Status operacional');
    const status = page.getByRole('dialog', { name: 'Status operacional' });
    await choose(page, status, 'Status operacional', 'Férias');
    await status.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Status operacional atualizado com sucesso!')).toBeVisible();
    await expect(row(page, 'Bruno Barros').getByText('Férias')).toBeVisible();

    // His history tells what happened.
    await row(page, 'Bruno Barros').getByRole('button', { name: 'Bruno Barros', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Detalhes do usuário' });
    await expect(drawer.getByRole('heading', { name: 'Bruno Barros' })).toBeVisible();
    const history = drawer.getByRole('list', { name: 'Histórico do usuário' });
    await expect(history.getByText('Dados atualizados')).toBeVisible();
    await expect(history.getByText('Alterado: Status operacional')).toBeVisible();
    await expect(history.getByText('Função alterada: Gerente → Atendente')).toBeVisible();
    await expect(history.getByText('Função alterada: Atendente → Gerente')).toBeVisible();
    await expect(history.getByText('por Ana Administradora').first()).toBeVisible();
    await expect(drawer).toBeInViewport({ ratio: 1 }); // it has finished sliding in
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await snap(page, 'users-history');
    await drawer.getByRole('button', { name: 'Fechar' }).click();
    await expect(drawer).toBeHidden();

    // The new manager is removed again, from his details.
    await row(page, 'Nicolau Novo').getByRole('button', { name: 'Nicolau Novo', exact: true }).click();
    await expect(drawer.getByRole('heading', { name: 'Nicolau Novo' })).toBeVisible();
    await rowAction(page, 'Nicolau Novo', 'Remover do workspace', drawer);
    const confirm = page.getByRole('dialog', { name: 'Remover do workspace' });
    await expect(confirm.getByText('Nicolau Novo')).toBeVisible();
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(toast(page, 'Usuário removido do espaço de trabalho.')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(row(page, 'Nicolau Novo')).toHaveCount(0);
  });

  test('PLAT-063 PLAT-228 PLAT-234 PLAT-235 PLAT-236 an admin invites someone, who accepts in their browser; the admin then changes their role and status', async ({
    page,
    browser,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await menu(page).getByRole('link', { name: 'Usuários' }).click();
    await page.getByRole('button', { name: 'Convidar usuário' }).click();
    const invite = page.getByRole('dialog', { name: 'Convidar usuário' });
    await invite.getByLabel('E-mail').fill('olga.convite@demo.local');
    await choose(page, invite, 'Função', 'Atendente');
    await invite.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(toast(page, 'Convite enviado para olga.convite@demo.local')).toBeVisible();

    // She opens the e-mail's link in her own browser and accepts.
    const link = linkIn(lastMailTo('olga.convite@demo.local').text, /\/user-invitations\/[\w-]+\/validate/);
    const hers = await browser.newContext();
    const invitee = await hers.newPage();
    await invitee.goto(link.pathname);
    await expect(invitee).toHaveTitle('Convite | CRM');
    await invitee.getByLabel('Nome').fill('Olga Oliveira');
    await invitee.getByLabel('Senha', { exact: true }).fill('Convite123!');
    await invitee.getByLabel('Confirmar senha').fill('Convite123!');
    await invitee.getByRole('button', { name: /aceitar|entrar|criar/i }).click();
    await expect(invitee.getByRole('heading', { name: 'Pipeline' })).toBeVisible();
    await hers.close();

    // She is on the list as an attendant; the admin makes her a manager, then puts her on vacation.
    await page.reload();
    await expect(row(page, 'Olga Oliveira').getByText('Atendente', { exact: true })).toBeVisible();
    await changeRole(page, 'Olga Oliveira', 'Gerente');
    await rowAction(page, 'Olga Oliveira', 'Status operacional');
    const status = page.getByRole('dialog', { name: 'Status operacional' });
    await choose(page, status, 'Status operacional', 'Férias');
    await status.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Status operacional atualizado com sucesso!')).toBeVisible();
    await expect(row(page, 'Olga Oliveira').getByText('Férias')).toBeVisible();
    await expect(row(page, 'Olga Oliveira').getByText('Gerente', { exact: true })).toBeVisible();
    await snap(page, 'users-invited-changed');
  });

  test('PLAT-042 PLAT-140 PLAT-141 PLAT-287 a salesRep sees the list without admin actions and sets their own status', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInAs(page, 'atendente@demo.local');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menu(page).getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/users$/);

    const cards = page.getByRole('list', { name: 'Usuários' }).getByRole('listitem');
    const card = (name: string) => cards.filter({ hasText: name });
    for (const name of ['Alice Atendente', 'Ana Administradora', 'Bruno Barros', 'Gustavo Gerente']) {
      await expect(card(name)).toBeVisible();
    }
    await expect(card('Ana Administradora').getByText('Administrador', { exact: true })).toBeVisible();
    await expect(card('Gustavo Gerente').getByText('Gerente', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Convidar usuário' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Ações de Bruno Barros' }).click();
    await expect(page.getByRole('menuitem', { name: 'Ver detalhes' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Alterar função' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Status operacional' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Remover do workspace' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The role filter offers neither admin nor managing roles.
    await page.getByRole('textbox', { name: 'Função' }).click();
    await expect(page.getByRole('option')).toHaveText(['Atendente', 'Diretor Comercial']);
    await page.keyboard.press('Escape');

    await rowAction(page, 'Alice Atendente', 'Status operacional');
    const status = page.getByRole('dialog', { name: 'Status operacional' });
    await status.getByRole('textbox', { name: 'Status operacional' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Em atividade',
      'Férias',
      'Afastamento pela empresa',
      'Licença médica',
      'Licença',
      'Treinamento',
      'Evento IM',
      'Evento externo',
      'Outro',
    ]);
    await page.getByRole('option', { name: 'Treinamento' }).click();
    await status.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Status operacional atualizado com sucesso!')).toBeVisible();
    await expect(card('Alice Atendente').getByText('Treinamento')).toBeVisible();

    // Details, but no history, for a salesRep.
    await card('Gustavo Gerente').getByRole('button', { name: 'Gustavo Gerente', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Detalhes do usuário' });
    await expect(drawer.getByRole('heading', { name: 'Gustavo Gerente' })).toBeVisible();
    await expect(drawer.getByText('Histórico')).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Fechar' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await snap(page, 'users-sales-rep');
  });
});
