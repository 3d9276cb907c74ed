import { expect, test } from '@playwright/test';
import { createCard, openNewLead, signedInAs, snap, toast } from '../support/app.ts';

test.describe('contracts', () => {
  test('OPP-058 OPP-152 OPP-153 OPP-155 an enrolment is generated from the card, paid on the sandbox page and shown as effective', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await createCard(page, 'Renata Matrícula', '31987650777');
    const card = await openNewLead(page, 'Renata Matrícula');
    await card.getByRole('button', { name: 'Gerar Matrícula' }).click();

    const form = page.getByRole('dialog', { name: 'Gerar Matrícula' });
    await form.getByRole('textbox', { name: 'Taxa de matrícula' }).fill('35000');
    await expect(form.getByRole('textbox', { name: 'Taxa de matrícula' })).toHaveValue(/350,00/);
    await form.getByRole('textbox', { name: 'CPF do responsável financeiro' }).fill('52998224725');
    await snap(page, 'contract-form');
    await form.getByRole('button', { name: 'Gerar', exact: true }).click();
    await expect(toast(page, 'Matrícula gerada com sucesso!')).toBeVisible();
    await expect(form).toBeHidden();

    const status = card.getByLabel('Matrícula', { exact: true });
    await expect(status).toContainText('Matrícula Pendente');
    await expect(status).toContainText('R$ 350,00');
    await expect(card.getByRole('button', { name: 'Gerar Matrícula' })).toBeHidden();
    await snap(page, 'contract-pending');

    await card.getByRole('link', { name: 'Abrir página de pagamento' }).click();
    await expect(page).toHaveURL(/\/matriculas\/\d+\/pagamento$/);
    await expect(page.getByRole('heading', { name: 'Pagamento de teste' })).toBeVisible();
    await expect(page.getByText('Matrícula Pendente')).toBeVisible();
    await snap(page, 'contract-sandbox-page');
    await page.getByRole('button', { name: 'Marcar como paga' }).click();
    await expect(toast(page, 'Pagamento da matrícula confirmado!')).toBeVisible();
    await expect(page.getByText('Matrícula Efetivada')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Marcar como paga' })).toBeHidden();

    await page.getByRole('button', { name: /Abrir a oportunidade/ }).click();
    const reopened = page.getByRole('dialog', { name: 'Renata Matrícula' });
    await expect(reopened.getByLabel('Matrícula', { exact: true })).toContainText('Matrícula Efetivada');
    await expect(reopened.getByRole('button', { name: 'Gerar Matrícula' })).toBeHidden();
    await snap(page, 'contract-succeeded');
  });
});
