import { expect, test } from '@playwright/test';
import { choose, newLead, signedInAs, snap } from '../support/app.ts';

test.describe('a new lead answered', () => {
  test('OPP-156 OPP-158 OPP-232 PLAT-147 the attendant’s first message makes the card read Atendido em X; its type shows as an icon on the board and in the header', async ({
    page,
  }) => {
    await signedInAs(page, 'atendente@demo.local');
    await page.getByRole('button', { name: 'Criar Card' }).click();
    const create = page.getByRole('dialog', { name: 'Criar Card' });
    await create.getByRole('textbox', { name: 'Nome do Contato', exact: true }).fill('Rosa Resposta');
    await create.getByRole('textbox', { name: 'Celular', exact: true }).fill('11955550233');
    await choose(page, create, 'Mídia', 'Instagram');
    await choose(page, create, 'Tipo de card', 'Rematrícula');
    await create.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(create).toBeHidden();

    const onBoard = newLead(page, 'Rosa Resposta');
    await expect(onBoard.getByRole('img', { name: 'Tipo de card: Rematrícula' })).toBeVisible();
    await expect(onBoard.getByText(/sem interação$/)).toBeVisible();

    await onBoard.click();
    const card = page.getByRole('dialog', { name: 'Rosa Resposta' });
    await expect(card.getByRole('img', { name: 'Tipo de card: Rematrícula' })).toBeVisible();
    await expect(card.getByText(/sem interação$/)).toBeVisible();
    await card.getByRole('tab', { name: 'Chat' }).click();
    await card.getByRole('button', { name: 'Abrir Sala' }).click();
    const panel = card.getByRole('dialog', { name: 'Iniciar conversa' });
    await panel
      .getByRole('textbox', { name: 'Mensagem' })
      .fill('Olá, Rosa! Vi seu interesse na rematrícula.');
    await panel.getByRole('button', { name: 'Abrir Sala' }).click();
    await expect(panel).toBeHidden();
    await expect(card.getByText('Olá, Rosa! Vi seu interesse na rematrícula.')).toBeVisible();

    // The first answer is the card's response time, told in the edit tab and on the board.
    await card.getByRole('tab', { name: 'Editar dados' }).click();
    await expect(card.getByText(/^Atendido em \d/)).toBeVisible();
    await expect(card.getByText(/sem interação$/)).toBeHidden();
    await snap(page, 'card-response-time-modal');
    await card.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(card).toBeHidden();
    await expect(onBoard.getByText(/^Atendido em \d/)).toBeVisible();
    await expect(onBoard.getByRole('img', { name: 'Tipo de card: Rematrícula' })).toBeVisible();
    await snap(page, 'card-response-time-board');
  });
});
