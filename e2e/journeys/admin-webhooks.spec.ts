import { expect, type Page, test } from '@playwright/test';
import { eventually, signatureIsValid, startReceiver } from '../../apps/server/test/factories/webhooks.ts';
import { choose, createCard, dragWithMouse, signedInAs, snap, toast } from '../support/app.ts';

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
const cardIn = (page: Page, stage: string, name: string) =>
  column(page, stage).getByRole('button', { name: new RegExp(name) });

async function openWebhooks(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Editar Listas' })
    .click();
  await expect(page).toHaveTitle('Editar Listas | CRM');
  await page.getByRole('main').getByText('Webhooks', { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
}

test.describe('admin webhooks', () => {
  test('PLAT-073 PLAT-267 PLAT-093 an admin adds a webhook, a card moved on the board is delivered signed and listed as delivered', async ({
    page,
  }) => {
    const receiver = await startReceiver();
    try {
      await signedInAs(page, 'admin@demo.local');
      await openWebhooks(page);
      // The workspace's webhooks first; a platform admin also sees the platform-wide ones below them.
      await expect(page.getByText('Nenhum webhook cadastrado.').first()).toBeVisible();
      const platformHooks = page.getByRole('region', { name: 'Webhooks da plataforma' });
      await expect(platformHooks.getByRole('button', { name: 'Novo webhook' })).toBeVisible();

      await page.getByRole('button', { name: 'Novo webhook' }).first().click();
      const form = page.getByRole('dialog', { name: 'Novo webhook' });
      await form.getByRole('textbox', { name: 'Nome' }).fill('ERP da escola');
      await form.getByRole('textbox', { name: 'Endereço' }).fill(receiver.url);
      await form.getByRole('button', { name: 'Salvar' }).click();
      await expect(form.getByText('Escolha ao menos um evento.')).toBeVisible();
      await form.getByRole('checkbox', { name: 'Oportunidade alterada' }).check();
      await snap(page, 'webhook-form');
      await form.getByRole('button', { name: 'Salvar' }).click();

      const secretModal = page.getByRole('dialog', { name: 'Chave de assinatura' });
      await expect(secretModal.getByText('Ela não será mostrada novamente.', { exact: false })).toBeVisible();
      const secret = (await secretModal.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await secretModal.getByRole('button', { name: 'Copiar' }).click();
      await expect(toast(page, 'Copiado com sucesso!')).toBeVisible();
      await snap(page, 'webhook-secret');
      await secretModal.getByRole('button', { name: 'Fechar' }).click();
      await expect(secretModal).toBeHidden();
      const card = page.getByTestId('webhook-card').filter({ hasText: 'ERP da escola' });
      await expect(card.getByText('Oportunidade alterada')).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);
      await snap(page, 'webhooks-list');
      // At phone width nothing sticks out sideways.
      // The phone layout follows the resize a render later, so the width is polled, not read once.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1440, height: 900 });

      // A card moved to another stage: the webhook of 'Oportunidade alterada' hears of it.
      await page.goto('/');
      await createCard(page, 'Walter Webhook', '11987650777');
      await dragWithMouse(
        page,
        cardIn(page, 'Novo lead', 'Walter Webhook'),
        column(page, 'Em atendimento'),
        120,
      );
      const task = page.getByRole('dialog', { name: 'Criar Tarefa' });
      await choose(page, task, 'Ação', 'Ligar');
      await task.getByRole('button', { name: 'Criar', exact: true }).click();
      await expect(cardIn(page, 'Em atendimento', 'Walter Webhook')).toBeVisible();

      // Leaving the first stage is also the card's first answer: its TMA entry is delivered on its own.
      const isStageMove = (body: string) =>
        JSON.parse(body).data.changes.some(
          (change: { type: string; data: { to_name?: string } }) =>
            change.type === 'OpportunitySalesStageUpdated' && change.data.to_name === 'Em atendimento',
        );
      const delivery = await eventually(async () => receiver.received.find((d) => isStageMove(d.body)));
      expect(signatureIsValid(delivery, secret)).toBe(true);
      expect(JSON.parse(delivery.body).event).toBe('opportunity.updated');

      await openWebhooks(page);
      await card.getByRole('button', { name: 'Entregas' }).click();
      const log = page.getByRole('dialog', { name: 'Entregas — ERP da escola' });
      const row = log.getByRole('row').filter({ hasText: 'Oportunidade alterada' }).first();
      await expect(row.getByText('HTTP 200')).toBeVisible();
      await expect(row.getByText('Entregue')).toBeVisible();
      await snap(page, 'webhook-deliveries');
    } finally {
      await receiver.close();
    }
  });
});
