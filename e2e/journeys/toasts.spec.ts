import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInAs, snap, toast } from '../support/app.ts';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** The toast lies over none of the controls. */
async function expectClear(page: Page, text: string, controls: Locator[]) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  const area = await boxOf(shown);
  for (const control of controls) expect(overlaps(area, await boxOf(control))).toBe(false);
}

test.describe('toasts', () => {
  for (const width of [1440, 390]) {
    test(`toasts cover no control: the Criar Card modal keeps its close and Criar buttons free at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await signedInAs(page, 'atendente@demo.local');
      await page.getByRole('button', { name: 'Criar Card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Criar Card' });
      await dialog.getByRole('button', { name: 'Criar', exact: true }).click();
      await expectClear(page, 'Por favor, preencha todos os campos obrigatórios', [
        dialog.getByRole('button', { name: 'Fechar' }),
        dialog.getByRole('button', { name: 'Cancelar' }),
        dialog.getByRole('button', { name: 'Criar', exact: true }),
      ]);
      if (width === 1440) await snap(page, 'toast-over-create-card');
    });
  }
});
