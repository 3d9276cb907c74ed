import { expect, test } from '@playwright/test';
import { signedInAs, snap } from '../support/app.ts';

// Under a minute since the recreation: the clock started again from it.
const RESTARTED = /^(\d+ segundos?|1 minuto( e \d+ segundos?)?) sem interação$/;

test.describe('recreating a card', () => {
  test('PLAT-004 OPP-158 a lost card is recreated from its header and its "sem interação" clock starts again', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    const lostColumn = page.getByRole('region', { name: 'Perdido', exact: true });
    const card = page.getByRole('dialog').last();
    const stepper = card.getByRole('group', { name: 'Etapa do Funil' });
    const clock = card.getByText(/sem interação$|^Atendido em/);
    // The journeys share one server and another may have lost a card a minute ago: take one lost long before.
    for (let slot = 0; ; slot++) {
      if (slot === 5) throw new Error('no card lost more than two minutes ago in the first five of Perdido');
      await lostColumn.getByRole('listitem').nth(slot).getByRole('button').first().click();
      await expect(stepper.locator('[aria-current="step"]')).toHaveText('Perdido');
      await expect(clock).toBeVisible();
      if (!RESTARTED.test((await clock.textContent()) ?? '')) break;
      await card.getByRole('button', { name: 'Fechar' }).first().click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    await card.getByRole('button', { name: 'Recriar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Recriar oportunidade?' });
    await expect(confirm).toContainText('começa um novo ciclo, aberta na primeira etapa');
    await snap(page, 'card-recreate-confirm');
    await confirm.getByRole('button', { name: 'Recriar' }).click();

    await expect(page.getByText('Oportunidade recriada com sucesso!')).toBeVisible();
    await expect(stepper.locator('[aria-current="step"]')).toHaveText('Novo lead');
    await expect(card.getByRole('button', { name: 'Recriar' })).toBeHidden();
    await expect(clock).toHaveText(RESTARTED);
    await snap(page, 'card-recreated');
  });
});
