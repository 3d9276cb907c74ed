import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { shot, signedInAs, TOKEN_KEY } from '../support/app.ts';

const bell = (page: Page) => page.getByTestId('notification-bell');
const notificationToast = (page: Page, text: string) =>
  page.getByTestId('notification-toast').filter({ hasText: text });

/** The unread count the bell announces (0 when it shows none). */
async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) não lidas/.exec(label)?.[1] ?? 0);
}

/** Calls the API as the user signed in on `page`, in their current workspace. */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const { token, workspace } = await page.evaluate((key) => {
    return { token: localStorage.getItem(key), workspace: localStorage.getItem('vendaval.workspace') };
  }, TOKEN_KEY);
  const res = await page.request.fetch(`/api/v1/workspaces/${workspace}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test.describe('notifications', () => {
  test('PLAT-183 a customer writes to a rep’s card while the rep is on the calendar: the bell counts it live, the toast shows, and its click opens the card’s chat', async ({
    browser,
  }) => {
    // The admin hands a card to the salesRep; its contact will write from the simulator.
    const customer = await browser.newContext();
    const phone = await customer.newPage();
    await signedInAs(phone, 'admin@demo.local');
    const users = await api(phone, 'GET', 'users?limit=500');
    const rep = users.data.find((u: { email: string }) => u.email === 'atendente@demo.local');
    const medias = await api(phone, 'GET', 'medias?limit=500');
    await api(phone, 'POST', 'opportunities', {
      source_type: 'Offline',
      media_id: medias.data[0].id,
      user_id: rep.id,
      contact: { name: 'Nina Notificada', phone_number: '11965430001' },
    });

    const team = await browser.newContext();
    const page = await team.newPage();
    await signedInAs(page, 'atendente@demo.local');
    await page.goto('/calendar');
    await expect(page).toHaveTitle(/CRM/);
    await expect(bell(page)).toBeVisible();
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(0);
    const before = await unreadCount(page);

    await phone.getByRole('link', { name: 'Simulador de cliente' }).click();
    await phone.getByRole('textbox', { name: 'Telefone do cliente' }).fill('11 96543-0001');
    await phone.getByRole('textbox', { name: 'Nome do cliente' }).fill('Nina Notificada');
    const handset = phone.getByRole('region', { name: 'Celular do cliente' });
    await handset.getByRole('textbox', { name: 'Mensagem do cliente' }).fill('Oi! Ainda tem vaga à tarde?');
    await handset.getByRole('button', { name: 'Enviar' }).click();

    // No reload: the stream brings the notification, the count rises and the toast shows.
    const shown = notificationToast(page, 'Oi! Ainda tem vaga à tarde?');
    await expect(shown).toBeVisible();
    // Hovering holds the 5 s toast open while it is checked and photographed.
    await shown.hover();
    await expect(shown).toContainText('Nova mensagem de Nina Notificada');
    await expect.poll(() => unreadCount(page)).toBe(before + 1);
    await expect(page).toHaveURL(/\/calendar/);
    await shot(page, 'notification-toast-1440');

    await shown.click();
    const card = page.getByRole('dialog', { name: /Nina Notificada/ });
    await expect(card).toBeVisible();
    await expect(card.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByText('Oi! Ainda tem vaga à tarde?')).toBeVisible();
    // Following it marks it read.
    await expect.poll(() => unreadCount(page)).toBe(before);
    await card.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(card).toBeHidden();

    // The list: it is there, read; one is deleted, then the rest cleared.
    const items = page.getByTestId('notification-item');
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await bell(page).click();
      await expect(items.filter({ hasText: 'Oi! Ainda tem vaga à tarde?' })).toBeVisible();
      // Once the list has faded in.
      await expect(page.getByTestId('notification-list')).toHaveCSS('opacity', '1');
      await shot(page, `notification-list-${width}`);
    }
    const count = await items.count();
    await items
      .first()
      .getByRole('button', { name: /^Excluir / })
      .click();
    await expect(items).toHaveCount(count - 1);
    if (count > 2) {
      await items.nth(0).getByRole('checkbox').check();
      await items.nth(1).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Excluir selecionadas' }).click();
      await expect(items).toHaveCount(count - 3);
    }
    await page.getByRole('button', { name: 'Limpar tudo' }).click();
    await expect(page.getByText('Nenhuma notificação.')).toBeVisible();
    await expect.poll(() => unreadCount(page)).toBe(0);
    await customer.close();
    await team.close();
  });

  test('PLAT-184 a finished lead import notifies its uploader, and the notification downloads the result file', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await page.getByRole('button', { name: 'Importar leads' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar leads' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Planilha (.csv ou .xlsx)' }).click();
    await (await chooser).setFiles({
      name: 'leads.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Nome;Celular', 'Otávio Importado;(62) 98111-0001', 'Sem telefone;'].join('\r\n')),
    });
    await dialog.getByRole('button', { name: 'Importar' }).click();
    await expect(dialog.getByText('Concluída', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    // Its toast may have come and gone while the dialog was open: the bell keeps it.
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(0);

    await bell(page).click();
    const item = page.getByTestId('notification-item').filter({ hasText: 'Importação de leads concluída' });
    await expect(item).toContainText('1 lead importado, 1 com erro.');
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: /^Importação de leads concluída/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^importacao-\d+\.csv$/);
    const text = readFileSync((await file.path()) as string, 'utf8');
    expect(text).toContain('Criados;1');
    expect(text).toContain('Com erro;1');
  });

  test('PLAT-185 a notification whose origin the app cannot follow says so', async ({ page }) => {
    await signedInAs(page, 'gerente@demo.local');
    await page.route('**/api/v1/notifications?**', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.unshift({
        id: 999999,
        workspace_id: 1,
        kind: 'job',
        read: true,
        created_at: new Date().toISOString(),
        data: {
          title: 'Contrato assinado',
          body: 'Origem desconhecida',
          origin: 'Contract',
          id: '1',
          opportunity_id: null,
          filename: null,
        },
      });
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await bell(page).click();
    await page
      .getByTestId('notification-item')
      .filter({ hasText: 'Contrato assinado' })
      .getByRole('button', { name: /^Contrato assinado/ })
      .click();
    const toast = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Notificação não direcionável!' });
    await expect(toast).toContainText('Não é possível ser direcionado para a origem dessa notificação.');
  });
});

test.describe('Web Push in the browser', () => {
  test('the service worker shows a pushed notification', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await signedInAs(page, 'gerente@demo.local');
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL.endsWith('/') && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/push-sw.js');
      await navigator.serviceWorker.ready;
    });
    const registrationId = await registered;
    const notification = {
      id: 7,
      workspace_id: 1,
      kind: 'message',
      read: false,
      created_at: new Date().toISOString(),
      data: {
        title: 'Nova mensagem de Rui',
        body: 'Bom dia!',
        origin: 'Dialog',
        id: '3',
        opportunity_id: 4,
        filename: null,
      },
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify({ title: notification.data.title, body: notification.data.body, notification }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
          }));
        }),
      )
      .toEqual([{ title: 'Nova mensagem de Rui', body: 'Bom dia!', tag: 'notification-7' }]);
  });
});
