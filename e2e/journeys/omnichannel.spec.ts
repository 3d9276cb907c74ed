import { expect, type Page, test } from '@playwright/test';
import { FAKE_MEDIA_BROWSER, signedInAs, snap, toast } from '../support/app.ts';

// Chromium's fake microphone plays a tone, so the attendant can record a voice note without a person.
test.use(FAKE_MEDIA_BROWSER);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

test.describe('omnichannel and the customer simulator', () => {
  test('PLAT-039 CHAT-015 CHAT-016 CHAT-017 CHAT-033 CHAT-036 CHAT-087 CHAT-092 a new number writes from the simulator: its card appears on the board and in /omnichannel without a reload; the attendant answers with text, a quick answer, a file and a voice note, the phone reads them in blue, and a message is deleted for everyone', async ({
    browser,
  }) => {
    const team = await browser.newContext({ permissions: ['microphone'] });
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

    // The attendant opens the conversation beside the list, on the chat, and answers in it.
    await line.click();
    const card = inbox.getByRole('dialog', { name: /Sofia Simulada/ });
    await expect(card).toBeVisible();
    await expect(card.getByRole('tab')).toHaveCount(2);
    await expect(card.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByText('Olá! Quero saber das bolsas de estudo.')).toBeVisible();
    await expect(line).toBeVisible();

    const box = card.getByPlaceholder('Mensagem...');
    await box.fill('Oi Sofia! Temos bolsas de até 50%.');
    await box.press('Enter');
    await expect(handset.getByText('Oi Sofia! Temos bolsas de até 50%.')).toBeVisible();

    await box.fill('/sau');
    await card.getByRole('dialog', { name: 'Respostas Rápidas' }).getByRole('listitem').first().click();
    const quickAnswer = await box.inputValue();
    expect(quickAnswer).not.toMatch(/\{\{/);
    await box.press('Enter');
    await expect(handset.getByText(quickAnswer.trim().slice(0, 30))).toBeVisible();

    await card
      .getByTestId('file-input')
      .setInputFiles([{ name: 'bolsas.png', mimeType: 'image/png', buffer: PNG }]);
    await expect(card.getByRole('img', { name: 'bolsas.png' })).toBeVisible();
    await expect(handset.getByRole('img', { name: 'bolsas.png' })).toBeVisible();

    // A voice note from Chromium's fake microphone reaches the phone as audio.
    await card.getByRole('button', { name: 'Gravar áudio' }).click();
    await expect(card.getByText(/Gravando… 0:0[1-9]/)).toBeVisible();
    await card.getByRole('button', { name: 'Parar gravação' }).click();
    await expect(card.locator('audio')).toHaveCount(1);
    await expect(handset.locator('audio')).toHaveCount(1);

    // The phone on screen reads everything: the ticks turn blue on both sides.
    // Six in all: the contact's first message, the bot's greeting and the attendant's four.
    await expect(handset.getByLabel('Lida')).toHaveCount(6);
    await expect(handset.getByLabel('Entregue')).toHaveCount(0);
    await expect(card.getByRole('img', { name: 'Lida' }).first()).toBeVisible();
    await snap(phone, 'simulator');
    await snap(inbox, 'omnichannel-card');

    // Within 48 hours the attendant deletes a message for everyone (CHAT-087, CHAT-092).
    const mine = card.getByTestId('message').filter({ hasText: 'Oi Sofia! Temos bolsas de até 50%.' });
    await mine.hover();
    await mine.getByRole('button', { name: 'Excluir mensagem' }).click();
    const confirm = inbox.getByRole('dialog', { name: 'Excluir mensagem' });
    await expect(confirm.getByText('Você deseja excluir essa mensagem?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(inbox, 'Mensagem excluída com sucesso!')).toBeVisible();
    await expect(card.getByText('Mensagem deletada para todos!')).toBeVisible();
    await expect(handset.getByText('Mensagem deletada para todos!')).toBeVisible();
    await expect(handset.getByText('Oi Sofia! Temos bolsas de até 50%.')).toHaveCount(0);

    await customer.close();
    await team.close();
  });
});
