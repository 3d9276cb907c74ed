import { expect, test } from '@playwright/test';
import { choose, createCard, openNewLead, signedInAs, snap, toast } from '../support/app.ts';

test.describe('batch messages', () => {
  test('PLAT-054 CHAT-060 CHAT-063 CHAT-101 a manager sends a batch to two cards, sees it complete and finds the message in a card chat', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Disparo Ana', '11955550101');
    await createCard(page, 'Disparo Bruno', '11955550102');

    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Disparo em massa' })
      .click();
    await expect(page).toHaveTitle('Disparo em massa | CRM');
    await expect(page.getByRole('heading', { name: 'Disparo em massa' })).toBeVisible();
    await page.getByRole('button', { name: 'Novo disparo' }).click();
    const form = page.getByRole('dialog', { name: 'Novo disparo' });
    await form.getByRole('textbox', { name: 'Título' }).fill('Boas-vindas de março');
    await choose(page, form, 'Template', 'boas_vindas');
    await form.getByRole('button', { name: 'Preencher template' }).click();
    const template = page.getByRole('dialog', { name: 'Enviar Template' });
    await template.getByRole('button', { name: 'Variável para Body {{1}}' }).click();
    await page
      .getByRole('dialog', { name: 'Selecione a variável desejada' })
      .getByRole('button', { name: 'Cliente' })
      .click();
    await expect(template.getByRole('textbox', { name: 'Body {{1}}' })).toHaveValue('{{name}}');
    await template.getByRole('button', { name: 'Confirmar' }).click();
    await expect(form.getByText('Olá, {{name}}! Que bom falar com você.', { exact: false })).toBeVisible();
    await form.getByRole('textbox', { name: 'Buscar' }).fill('Disparo');
    await expect(form.getByText('Destinatários: 2')).toBeVisible();
    // The server renders the message for the first recipient, with that card's data.
    const preview = form.getByLabel('Pré-visualização do disparo');
    await expect(preview.getByText('Pré-visualização para Disparo Ana')).toBeVisible();
    await expect(
      preview.getByText('Olá, Disparo Ana! Que bom falar com você.', { exact: false }),
    ).toBeVisible();
    await snap(page, 'batch-messages-new');
    await form.getByRole('button', { name: 'Criar disparo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar disparo' });
    await expect(
      confirm.getByText('será enviado agora para 2 destinatários', { exact: false }),
    ).toBeVisible();
    await snap(page, 'batch-messages-confirm');
    await confirm.getByRole('button', { name: 'Enviar para 2 destinatários' }).click();
    await expect(form).toBeHidden();

    const batch = page.getByLabel('Disparo Boas-vindas de março');
    await expect(batch.getByText('Concluído')).toBeVisible({ timeout: 20_000 });
    await expect(batch.getByText('Enviadas: 2 · Falhas: 0 · Ignoradas: 0 · Total: 2')).toBeVisible();
    await snap(page, 'batch-messages-list');

    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pipeline' })
      .click();
    const card = await openNewLead(page, 'Disparo Ana');
    await card.getByRole('tab', { name: 'Chat' }).click();
    await expect(card.getByText('Olá, Disparo Ana! Que bom falar com você.', { exact: false })).toBeVisible();
    await snap(page, 'batch-messages-card-chat');
  });

  test('a batch message sends no raw placeholder: an unknown variable typed by hand is refused naming it; {{cliente}} reaches the contact as their name', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Digitada Carla', '11955550103');
    await page.goto('/batch-message');
    await page.getByRole('button', { name: 'Novo disparo' }).click();
    const form = page.getByRole('dialog', { name: 'Novo disparo' });
    await form.getByRole('textbox', { name: 'Título' }).fill('Variável digitada');
    await choose(page, form, 'Template', 'boas_vindas');
    await form.getByRole('button', { name: 'Preencher template' }).click();
    const template = page.getByRole('dialog', { name: 'Enviar Template' });
    const body = template.getByRole('textbox', { name: 'Body {{1}}' });
    await body.fill('{{nome}}');
    await template.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'A variável {{nome}} não existe.')).toBeVisible();
    await body.fill('{{cliente}}');
    await template.getByRole('button', { name: 'Confirmar' }).click();
    await form.getByRole('textbox', { name: 'Buscar' }).fill('Digitada Carla');
    const preview = form.getByLabel('Pré-visualização do disparo');
    await expect(
      preview.getByText('Olá, Digitada Carla! Que bom falar com você.', { exact: false }),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Criar disparo' }).click();
    await page
      .getByRole('dialog', { name: 'Confirmar disparo' })
      .getByRole('button', { name: 'Enviar para 1 destinatário' })
      .click();
    await expect(form).toBeHidden();
    await expect(page.getByLabel('Disparo Variável digitada').getByText('Concluído')).toBeVisible({
      timeout: 20_000,
    });

    await page.goto('/');
    const card = await openNewLead(page, 'Digitada Carla');
    await card.getByRole('tab', { name: 'Chat' }).click();
    await expect(
      card.getByText('Olá, Digitada Carla! Que bom falar com você.', { exact: false }),
    ).toBeVisible();
    await expect(card.getByText('{{cliente}}', { exact: false })).toHaveCount(0);
  });
});
