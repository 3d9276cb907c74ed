import { expect, type Page, test } from '@playwright/test';
import { signedInAs, snap, TOKEN_KEY } from '../support/app.ts';

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

/** The workspace the page works in, and its token, as the app keeps them. */
async function session(page: Page) {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  const res = await page.request.get('/api/v1/users/self/workspaces', {
    headers: { authorization: `Bearer ${token}` },
  });
  const centro = ((await res.json()).data as { id: number; name: string }[]).find(
    (w) => w.name === 'Escola Centro',
  );
  return { token: token ?? '', workspaceId: centro?.id ?? 0 };
}

test.describe('omnichannel and the customer simulator', () => {
  test('PLAT-039 CHAT-015 CHAT-016 CHAT-017 a new number writes from the simulator: its card appears on the board and in /omnichannel without a reload, and the reply reaches the phone', async ({
    browser,
  }) => {
    const team = await browser.newContext();
    const board = await team.newPage();
    await signedInAs(board, 'gerente@demo.local');
    await expect(column(board, 'Novo lead')).toBeVisible();
    const inbox = await team.newPage();
    await inbox.goto('/omnichannel');
    await expect(inbox).toHaveTitle('Omnichannel | CRM');
    await expect(inbox.getByRole('region', { name: 'Conversas' })).toBeVisible();

    const customer = await browser.newContext();
    const phone = await customer.newPage();
    await signedInAs(phone, 'admin@demo.local');
    await phone.getByRole('link', { name: 'Simulador de cliente' }).click();
    await expect(phone).toHaveTitle('Simulador de cliente | CRM');
    await expect(phone.getByRole('textbox', { name: 'Funcionário digital' })).not.toHaveValue('');
    await phone.getByRole('textbox', { name: 'Telefone do cliente' }).fill('11 96543-2101');
    await phone.getByRole('textbox', { name: 'Nome do cliente' }).fill('Sofia Simulada');
    const handset = phone.getByRole('region', { name: 'Celular do cliente' });
    await expect(handset.getByText('Nenhuma mensagem ainda. Escreva a primeira.')).toBeVisible();
    await handset
      .getByRole('textbox', { name: 'Mensagem do cliente' })
      .fill('Olá! Quero saber das bolsas de estudo.');
    await handset.getByRole('button', { name: 'Enviar' }).click();
    await expect(handset.getByText('Olá! Quero saber das bolsas de estudo.')).toBeVisible();

    // No reload: the event stream brings the new card and its conversation.
    await expect(column(board, 'Novo lead').getByRole('button', { name: /Sofia Simulada/ })).toBeVisible();
    const line = inbox.getByRole('button', { name: /Sofia Simulada/ });
    await expect(line).toBeVisible();
    await snap(inbox, 'omnichannel-list');

    // An attendant answers through the API; the phone shows it, delivered and then read (blue).
    const { token, workspaceId } = await session(inbox);
    const list = await inbox.request.get(`/api/v1/workspaces/${workspaceId}/dialogs?search=Sofia`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [room] = (await list.json()).data as { id: number }[];
    const sent = await inbox.request.post(`/api/v1/workspaces/${workspaceId}/dialogs/${room?.id}/messages`, {
      headers: { authorization: `Bearer ${token}` },
      data: { dialog_id: room?.id, message_object: { message: 'Oi Sofia! Temos bolsas de até 50%.' } },
    });
    expect(sent.status()).toBe(200);
    await expect(handset.getByText('Oi Sofia! Temos bolsas de até 50%.')).toBeVisible();
    await expect(handset.getByLabel('Lida').last()).toBeVisible();
    await snap(phone, 'simulator');

    // Choosing the conversation opens its card beside the list, on the chat.
    await line.click();
    const card = inbox.getByRole('dialog', { name: /Sofia Simulada/ });
    await expect(card).toBeVisible();
    await expect(card.getByRole('tab')).toHaveCount(2);
    await expect(card.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
    await expect(line).toBeVisible();
    await snap(inbox, 'omnichannel-card');

    await customer.close();
    await team.close();
  });
});
