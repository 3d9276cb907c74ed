import { expect, test } from '@playwright/test';
import { createCard, openNewLead, signedInAs, snap } from '../support/app.ts';

test('message length: a 5,000-character message shows the counter and the pt-BR limit, and is not sent', async ({
  page,
}) => {
  await signedInAs(page, 'gerente@demo.local');
  await createCard(page, 'Lia Limite', '11955550017');
  const card = await openNewLead(page, 'Lia Limite');
  await card.getByRole('tab', { name: 'Chat' }).click();
  await card.getByRole('button', { name: 'Abrir Sala' }).click();
  const panel = card.getByRole('dialog', { name: 'Iniciar conversa' });
  await panel.getByRole('textbox', { name: 'Mensagem' }).fill('Olá, Lia!');
  await panel.getByRole('button', { name: 'Abrir Sala' }).click();
  // The panel stays, its fields disabled, until the room exists; only then is the chat's own box there.
  await expect(panel).toBeHidden();
  await expect(card.getByRole('region', { name: /^Sala #/ }).getByText('Olá, Lia!')).toBeVisible();

  const box = card.getByPlaceholder('Mensagem...');
  await box.fill('a'.repeat(5000));
  await expect(card.getByText('5000/4096')).toBeVisible();
  await expect(card.getByText('O texto deve ter no máximo 4096 caracteres.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/dialogs\/\d+\/messages$/.test(r.url())) posted = true;
  });
  await box.press('Enter');
  await snap(page, 'chat-message-too-long');
  expect(posted).toBe(false);

  await box.fill('Mensagem curta.');
  await expect(card.getByText(/\/4096$/)).toHaveCount(0);
  await box.press('Enter');
  await expect(card.getByText('Mensagem curta.')).toBeVisible();
});
